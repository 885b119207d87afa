/** `/campfire hand`: your hand, privately (same as the My hand button). */
import { gameHere, type BotContext } from '../context.js';
import { hand as handMessage } from '../panels.js';
import type { Ix } from '../platform.js';

export async function hand(c: BotContext, ix: Ix): Promise<void> {
  await ix.reply(await handMessage(c, await gameHere(c, ix), ix.user.id, ix.locale), true);
}
