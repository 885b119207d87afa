/** How a pace reads: "2 hr 10 min" (`Intl.NumberFormat` units, in the reader's language) and the line around it. */
import type { Locale } from '../engine/i18n.js';
import type { Msg } from '../engine/types.js';
import type { Pace } from '../service/pace.js';
import type { GameRow, PlayerRow } from '../store/repo.js';
import type { BotContext } from './context.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in at most two units, rounded to the smaller: "12 min", "3 hr 20 min", "2 days 4 hr". */
export function duration(ms: number, locale: Locale): string {
  const unit = (u: 'minute' | 'hour' | 'day', n: number) => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const list = (parts: string[]) => new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
  if (ms < HOUR) return unit('minute', Math.max(1, Math.round(ms / MINUTE)));
  if (ms < DAY) {
    const m = Math.round(ms / MINUTE);
    const h = Math.floor(m / 60);
    return m % 60 ? list([unit('hour', h), unit('minute', m % 60)]) : unit('hour', h);
  }
  const hAll = Math.round(ms / HOUR);
  const d = Math.floor(hAll / 24);
  return hAll % 24 ? list([unit('day', d), unit('hour', hAll % 24)]) : unit('day', d);
}

/** The pace as a message: the median turn and the deadlines that passed, or that no turn was answered yet. */
export function paceMsg(p: Pace, locale: Locale): Msg {
  if (p.medianMs === null) return { key: 'pace.none', args: { passed: p.deadlinesPassed } };
  return { key: 'pace.line', args: { median: duration(p.medianMs, locale), turns: p.turns, passed: p.deadlinesPassed } };
}

/** Short form for lists: "⏱ 2 hr 10 min" (nothing when no turn was answered yet). */
export function paceShort(p: Pace, locale: Locale): string {
  return p.medianMs === null ? '' : `⏱ ${duration(p.medianMs, locale)}`;
}

/** The pace beside each player of an open lobby (computers have none); nothing once the game started. */
export async function lobbyPaces(c: BotContext, g: GameRow, players: readonly PlayerRow[], locale: Locale): Promise<string[]> {
  if (g.status !== 'lobby') return [];
  const people = players.map((p) => (p.kind === 'human' ? p.user_id : null));
  const paces = await c.cf.pace.ofUsers(people.filter((u): u is string => u !== null));
  let i = 0;
  return people.map((u) => (u === null ? '' : paceShort(paces[i++]!, locale)));
}
