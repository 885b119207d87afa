/** `D` — the table's vote on a passed deadline: wait, skip, or a computer plays the seat. */
import type { Component } from '../component.js';
import type { GameRow } from '../../store/repo.js';
import { actorOf, must, tr, UserError, type BotContext } from '../context.js';
import type { ParsedId } from '../ids.js';
import type { Ix } from '../platform.js';
import { deadlineMessage } from '../polls.js';

export async function onDeadline(c: BotContext, ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
  const [choice, seatText] = id.arg.split('.');
  const seat = Number(seatText);
  if (!choice || !Number.isInteger(seat)) throw new UserError({ key: 'error.bad_id' });
  const r = await c.cf.deadlines.vote(g.id, actorOf(ix), seat, choice, ix.messageId);
  const ok = must(r);
  const v = ok.value;
  await ix.update(deadlineMessage(g.id, id.version, seat, v.name, v.tally, await tr(c, await c.cf.views.publicLocale(g), g), v.verdict, v.hours));
}

export const component: Component = { kinds: ['D'], game: true, handle: onDeadline };
