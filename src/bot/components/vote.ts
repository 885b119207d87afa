/** `V` — a vote on abandoning the game. */
import type { Component } from '../component.js';
import type { GameRow } from '../../store/repo.js';
import { actorOf, must, tr, UserError, type BotContext } from '../context.js';
import type { ParsedId } from '../ids.js';
import type { Ix } from '../platform.js';
import { abandonMessage } from '../polls.js';
import { safeName } from '../present.js';

/** The host confirmed `/campfire abandon` on its private "Sure?": the game ends, and the thread hears who ended it. */
async function abandonSure(c: BotContext, ix: Ix, g: GameRow): Promise<void> {
  const r = must(await c.cf.votes.abandon(g.id, actorOf(ix), true));
  if (r.value.how !== 'ended') return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  const text = t({ key: 'cmd.abandoned', args: { name: safeName(ix.user.name) } });
  await ix.update({ content: text, components: [] });
  await ix.followUp({ content: text }, false);
}

export async function onVote(c: BotContext, ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
  if (id.arg === 'abandon.sure') return abandonSure(c, ix, g);
  if (id.arg !== 'abandon.yes' && id.arg !== 'abandon.no') throw new UserError({ key: 'error.bad_id' });
  const r = await c.cf.votes.abandonVote(g.id, actorOf(ix), id.arg === 'abandon.yes', ix.messageId);
  const ok = must(r);
  const v = ok.value;
  if (v.how !== 'poll') return;
  await ix.update(abandonMessage(g.id, v.proposer, v.tally, await tr(c, await c.cf.views.publicLocale(g), g), v.closed));
}

export const component: Component = { kinds: ['V'], game: true, handle: onVote };
