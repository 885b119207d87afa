/** `/campfire abandon`: ends the game at once for the host and moderators, otherwise opens a vote. */
import { subcommand } from '../command.js';
import { actorOf, gameHere, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { abandonMessage } from '../polls.js';
import { makeId } from '../ids.js';
import { button, row, safeName } from '../present.js';

export const command = subcommand({
  name: 'abandon', de: 'aufgeben',
  description: { en: 'End this game (host, moderators, or a vote)', de: 'Dieses Spiel beenden (Gastgeber, Moderatoren oder Abstimmung)' },
  publicAnswer: true,
  handle: abandon,
});

async function abandon(c: BotContext, ix: Ix): Promise<void> {
  const g = await gameHere(c, ix);
  const r = must(await c.cf.votes.abandon(g.id, actorOf(ix)));
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  if (r.value.how === 'confirm') {
    // Irreversible for everyone: asked once more, privately (one more click; dismissing it changes nothing).
    const mine = await tr(c, ix.locale, g);
    await ix.reply({ content: mine({ key: 'cmd.abandon_sure' }), components: [row(button(makeId('V', g.id, g.version, 'abandon.sure'), mine({ key: 'cmd.abandon_sure_button' }), 'danger'))] }, true);
  } else if (r.value.how === 'ended') {
    await ix.reply({ content: t({ key: 'cmd.abandoned', args: { name: safeName(ix.user.name) } }) }, false);
  } else {
    await ix.reply(abandonMessage(g.id, r.value.proposer, r.value.tally, t, r.value.closed), false);
    const messageId = await ix.replyMessageId();
    if (messageId && !r.value.closed) await c.cf.votes.pollPosted(g.id, 'abandon', messageId);
  }
}
