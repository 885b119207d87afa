/**
 * `npm run deploy-commands`: registers the /campfire command. With DEV_GUILD_ID set it registers in that
 * server only (instant, for development); without, globally (production; may take a while to show).
 * DISCORD_API_BASE points it at the local stand-in instead of Discord.
 */
import 'dotenv/config';
import { REST, Routes } from 'discord.js';
import '../src/games/all.js';
import { commandDefinitions } from '../src/bot/commands.js';
import { NO_TOKEN_HELP, readConfig } from '../src/config.js';

const config = readConfig();
if (!config.token) {
  console.error(NO_TOKEN_HELP);
  process.exit(1);
}
const rest = new REST(config.apiBase ? { api: config.apiBase } : {}).setToken(config.token);
const app = (await rest.get(Routes.currentApplication())) as { id: string };
const body = commandDefinitions();
const route = config.devGuildId ? Routes.applicationGuildCommands(app.id, config.devGuildId) : Routes.applicationCommands(app.id);
await rest.put(route, { body });
console.log(`Registered ${body.length} command(s) ${config.devGuildId ? `in server ${config.devGuildId}` : 'globally'}.`);
