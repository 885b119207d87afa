/**
 * `npm run deploy-commands`: registers the /campfire command. With DEV_GUILD_ID set it registers in that
 * server only (instant, for development); without, globally (production; may take a while to show).
 * DISCORD_API_BASE points it at the local stand-in instead of Discord.
 */
import 'dotenv/config';
import '../src/games/all.js';
import { deployCommands } from '../src/bot/deploy.js';
import { NO_TOKEN_HELP, readConfig } from '../src/config.js';

const config = readConfig();
if (!config.token) {
  console.error(NO_TOKEN_HELP);
  process.exit(1);
}
const n = await deployCommands({ token: config.token, apiBase: config.apiBase, guildId: config.devGuildId });
console.log(`Registered ${n} command(s) ${config.devGuildId ? `in server ${config.devGuildId}` : 'globally'}.`);
