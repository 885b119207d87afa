/** `/campfire games [page]`: every game the caller sits in and can reach, across servers (also in a DM with the bot). */
import { type BotContext } from '../context.js';
import { gamesMessage, reachableServers } from '../games-list.js';
import type { Ix } from '../platform.js';

export async function games(c: BotContext, ix: Ix): Promise<void> {
  const page = ix.command!.options.page;
  const list = await c.cf.mygames.list(ix.user.id, await reachableServers(c, ix.user.id, ix.guildId));
  await ix.reply(await gamesMessage(c, list, ix.locale, typeof page === 'number' ? page : 1), true);
}
