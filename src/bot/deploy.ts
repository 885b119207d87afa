/**
 * Registers the /campfire command with Discord (or the stand-in): in one server (development: at once, but never in
 * DMs), or globally (production: in every server and in the DM with the bot).
 */
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from './commands.js';

export async function deployCommands(opts: { token: string; apiBase?: string; guildId?: string }): Promise<number> {
  const rest = new REST(opts.apiBase ? { api: opts.apiBase } : {}).setToken(opts.token);
  const app = (await rest.get(Routes.currentApplication())) as { id: string };
  const body = commandDefinitions();
  await rest.put(opts.guildId ? Routes.applicationGuildCommands(app.id, opts.guildId) : Routes.applicationCommands(app.id), { body });
  return body.length;
}

/** Removes the commands registered in one server (after moving them to global ones, so none shows twice). */
export async function clearGuildCommands(opts: { token: string; apiBase?: string; guildId: string }): Promise<void> {
  const rest = new REST(opts.apiBase ? { api: opts.apiBase } : {}).setToken(opts.token);
  const app = (await rest.get(Routes.currentApplication())) as { id: string };
  await rest.put(Routes.applicationGuildCommands(app.id, opts.guildId), { body: [] });
}
