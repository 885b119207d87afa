/** `/campfire games [page]`: every game the caller sits in and can reach, across servers (also in a DM with the bot). */
import { OptionType, subcommand } from '../command.js';
import { type BotContext } from '../context.js';
import { gamesMessage, reachableServers } from '../games-list.js';
import type { Ix } from '../platform.js';

export const command = subcommand({
  name: 'games', de: 'spiele',
  description: { en: 'All your games across servers: those waiting for you first', de: 'Alle deine Spiele auf allen Servern: zuerst die, die auf dich warten' },
  options: [{ type: OptionType.INTEGER, required: false, min_value: 1, max_value: 50, name: 'page', de: 'seite', description: { en: 'Page (default: the first)', de: 'Seite (Standard: die erste)' } }],
  inDms: true,
  handle: games,
});

async function games(c: BotContext, ix: Ix, o: { page?: number }): Promise<void> {
  const list = await c.cf.mygames.list(ix.user.id, await reachableServers(c, ix.user.id, ix.guildId));
  await ix.reply(await gamesMessage(c, list, ix.locale, o.page ?? 1), true);
}
