/** `/campfire undo`: takes back the caller's last decision alone, or asks the table to agree. */
import { subcommand } from '../command.js';
import { actorOf, gameHere, must, tr, type BotContext } from '../context.js';
import { panelOf } from '../panels.js';
import type { Ix } from '../platform.js';
import { undoMessage } from '../polls.js';

export const command = subcommand({
  name: 'undo', de: 'rueckgaengig',
  description: { en: 'Take back your last decision (or ask the table to)', de: 'Deine letzte Entscheidung zurücknehmen (oder den Tisch darum bitten)' },
  publicAnswer: true,
  handle: undo,
});

async function undo(c: BotContext, ix: Ix): Promise<void> {
  const g = await gameHere(c, ix);
  const r = must(await c.cf.votes.undo(g.id, actorOf(ix)));
  const v = r.value;
  if (v.how === 'done') {
    const text = (await tr(c, ix.locale, g))({ key: 'undo.done' });
    await ix.reply(v.seat !== null ? await panelOf(c, g.id, ix.user.id, ix.locale, 0, text) : { content: text }, true);
  } else if (v.how === 'poll') {
    await ix.reply(undoMessage(g.id, g.version, v.proposer, v.tally, await tr(c, await c.cf.views.publicLocale(g), g), v.list, v.asked), false);
    const messageId = await ix.replyMessageId();
    if (messageId) await c.cf.votes.pollPosted(g.id, 'undo', messageId);
  }
}
