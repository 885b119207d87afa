/** `/campfire log [page]`: the game's history as the caller may read it. */
import { gameHere, type BotContext } from '../context.js';
import { logPage } from '../panels.js';
import type { Ix } from '../platform.js';

export async function log(c: BotContext, ix: Ix): Promise<void> {
  const page = ix.command!.options.page;
  await ix.reply(await logPage(c, await gameHere(c, ix), ix.user.id, ix.locale, typeof page === 'number' ? page - 1 : undefined), true);
}
