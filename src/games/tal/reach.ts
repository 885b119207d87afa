/**
 * Where a group of people can walk in one go. A question both the engine (movement options) and the computer
 * players (`ai.ts`, where a group should go) ask, so it lives apart from both.
 */
import { board, opposition, type TalState } from './state.js';

/** Hexes a group may reach from `from` within `max` steps, with the distance of each. */
export function reach(s: TalState, seat: number, from: number, max: number, scout: boolean, raft: boolean): Map<number, number> {
  const b = board(s);
  const dist = new Map<number, number>();
  let frontier = [from];
  for (let d = 1; d <= max; d++) {
    const next: number[] = [];
    for (const cur of frontier) {
      const here = b.hexes[cur]!;
      if (cur !== from) {
        if (here.terrain === 'mountain' && !scout) continue;
        if (opposition(s, cur, seat) > 0) continue;
      }
      for (let dir = 0; dir < here.nb.length; dir++) {
        const n = here.nb[dir]!;
        if (n < 0 || n === from || dist.has(n)) continue;
        if (b.hexes[n]!.terrain === 'lake' || s.hx.mark[n] !== 0) continue;
        if (here.river[dir] && !raft) continue;
        dist.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }
  return dist;
}
