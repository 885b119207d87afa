/** Registers the /campfire command with Discord (or the stand-in): in one server, or globally. */
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from './commands.js';

export async function deployCommands(opts: { token: string; apiBase?: string; guildId?: string }): Promise<number> {
  const rest = new REST(opts.apiBase ? { api: opts.apiBase } : {}).setToken(opts.token);
  const app = (await rest.get(Routes.currentApplication())) as { id: string };
  const body = commandDefinitions();
  await rest.put(opts.guildId ? Routes.applicationGuildCommands(app.id, opts.guildId) : Routes.applicationCommands(app.id), { body });
  return body.length;
}
