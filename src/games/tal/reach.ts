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
  const seen = new Set([from]);
  for (let d = 1; d <= max; d++) {
    const next: number[] = [];
    for (const cur of frontier) {
      if (cur !== from) {
        if (b.hexes[cur]!.terrain === 'mountain' && !scout) continue;
        if (opposition(s, cur, seat) > 0) continue;
      }
      b.hexes[cur]!.nb.forEach((n, dir) => {
        if (n < 0 || seen.has(n)) return;
        if (b.hexes[n]!.terrain === 'lake' || s.hx.mark[n] !== 0) return;
        if (b.hexes[cur]!.river[dir] && !raft) return;
        seen.add(n);
        dist.set(n, d);
        next.push(n);
      });
    }
    frontier = next;
  }
  return dist;
}
