/**
 * The one way a game ranks its seats at the end (`outcome`): each seat has a key of numbers compared left to right,
 * higher first (score, then the rulebook's tie-breakers); seats equal in every key share a place, and the next place
 * skips as many (1, 1, 3). A game whose rules break every tie (turn order) adds that as its last key. The order
 * lists the seats best first, equal ones by seat number.
 */
import type { RankEntry, Seat } from './types.js';

export interface Ranked { order: Seat[]; ranking: RankEntry[]; winners: Seat[] }

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (b[i] ?? 0) - (a[i] ?? 0);
  return 0;
}

/** Ranks `players` seats (0 … players-1) by `key`; `score` is the number shown beside each seat. */
export function rankSeats(players: number, key: (seat: Seat) => readonly number[], score: (seat: Seat) => number): Ranked {
  const keys = Array.from({ length: players }, (_, seat) => key(seat));
  const order = keys.map((_, seat) => seat).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  const ranking = order.map((seat) => ({ seat, place: 1 + order.filter((o) => compare(keys[o]!, keys[seat]!) < 0).length, score: score(seat) }));
  return { order, ranking, winners: ranking.filter((r) => r.place === 1).map((r) => r.seat) };
}
