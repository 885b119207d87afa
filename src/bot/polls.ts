/** The table's votes as posts: abandon, undo consent, and the vote on a passed deadline. */
import type { Formatter } from '../engine/i18n.js';
import type { Msg, Seat } from '../engine/types.js';
import type { DeadlineTally, Verdict } from '../service/deadlines.js';
import type { Tally } from '../service/votes.js';
import { makeId } from './ids.js';
import type { OutMessage } from './platform.js';
import { button, row, safeName } from './present.js';

export function abandonMessage(gameId: number, proposer: string, tally: Tally, t: Formatter, closed: null | 'ended' | 'kept'): OutMessage {
  const id = (a: string) => makeId('V', gameId, 0, a);
  const lines = [t({ key: 'cmd.abandon_vote', args: { name: safeName(proposer), yes: tally.yes, no: tally.no, n: tally.of } })];
  if (closed === 'ended') lines.push(t({ key: 'cmd.abandoned_by_vote' }));
  if (closed === 'kept') lines.push(t({ key: 'cmd.abandon_vote_failed' }));
  return {
    content: lines.join('\n'),
    components: closed ? [] : [row(button(id('abandon.yes'), t({ key: 'cmd.abandon_yes' }), 'danger'), button(id('abandon.no'), t({ key: 'cmd.abandon_no' })))],
  };
}

/** The undo request keeps its buttons until everyone has answered. */
export function undoMessage(gameId: number, version: number, proposer: string, tally: Tally, t: Formatter, list: Msg[], asked: string[]): OutMessage {
  const id = (a: string) => makeId('U', gameId, version, a);
  return {
    content: `${t({ key: 'undo.ask', args: { name: safeName(proposer), list: list.map((m) => t(m)).join('; '), asked: asked.map(safeName).join(', '), n: asked.length } })}\n${t({ key: 'undo.tally', args: { yes: tally.yes, n: tally.of } })}`,
    components: [row(button(id('yes'), t({ key: 'undo.agree' }), 'success'), button(id('no'), t({ key: 'undo.refuse' }), 'danger'))],
  };
}

export function deadlineMessage(gameId: number, version: number, seat: Seat, name: string, tally: DeadlineTally, t: Formatter, verdict: Verdict | 'answered' | null = null, hours = 0): OutMessage {
  const id = (a: string) => makeId('D', gameId, version, `${a}.${seat}`);
  const who = safeName(name);
  const lines = [t({ key: 'deadline.passed', args: { name: who } }), t({ key: 'deadline.tally', args: { w: tally.wait, s: tally.skip, r: tally.replace } })];
  if (verdict === 'wait') lines.push(t({ key: 'deadline.resolved_wait', args: { h: hours, name: who } }));
  if (verdict === 'skip') lines.push(t({ key: 'deadline.resolved_skip', args: { name: who } }));
  if (verdict === 'replace') lines.push(t({ key: 'deadline.resolved_replace', args: { name: who } }));
  if (verdict === 'answered') lines.push(t({ key: 'deadline.resolved_answered', args: { name: who } }));
  return {
    content: lines.join('\n'),
    components: verdict ? [] : [row(button(id('wait'), t({ key: 'deadline.wait' }), 'secondary'), button(id('skip'), t({ key: 'deadline.skip' }), 'primary'), button(id('replace'), t({ key: 'deadline.replace' }), 'danger'))],
  };
}
