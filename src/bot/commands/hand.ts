/** `/campfire hand`: your hand, privately (same as the My hand button). */
import { subcommand } from '../command.js';
import { gameHere, type BotContext } from '../context.js';
import { hand as handMessage } from '../panels.js';
import type { Ix } from '../platform.js';

export const command = subcommand({
  name: 'hand',
  description: { en: 'Show your hand in this thread\'s game', de: 'Deine Hand im Spiel dieses Threads zeigen' },
  handle: hand,
});

async function hand(c: BotContext, ix: Ix): Promise<void> {
  await ix.reply(await handMessage(c, await gameHere(c, ix), ix.user.id, ix.locale), true);
}
