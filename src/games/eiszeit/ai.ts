/**
 * Eiszeit for computer players: how good a position looks for a seat (`estimate`), from public facts only. Random
 * playouts already reach the end of a game, so Eiszeit has no playout policy.
 */
import type { Seat } from '../../engine/types.js';
import { R, sum } from './board.js';
import { outcome } from './engine.js';
import { pointsPerHunter, resolveConflict } from './scoring.js';
import type { EiszeitState } from './state.js';

type S = EiszeitState;

/**
 * For computer players: how `seat` stands, from public facts only. Each seat's score plus what its hunters would
 * score if settling ended now (conflicts resolved against the limit with face-down fire tiles at their average
 * value, which is public: the tiles are known, only where each lies is not), counted again at half weight for every
 * later round; the seat's margin over the best other seat, mapped into [0, 1]. A finished game is judged by its
 * ranking.
 */
export function estimate(s: S, seat: Seat): number {
  if (s.phase === 'over') {
    const o = outcome(s)!;
    return o.winners.includes(seat) ? 1 / o.winners.length : (s.players - o.ranking.find((x) => x.seat === seat)!.place) / (2 * s.players);
  }
  const meanFire = s.fireVal.length === 0 ? 0 : sum(s.fireVal) / s.fireVal.length;
  const later = 1 + 0.5 * (s.rounds - s.round);
  const value = [...s.score];
  for (let r = 0; r < R; r++) {
    if (s.glacier[r]) continue;
    let fires = 0;
    for (const at of s.fireAt) if (at === r) fires++;
    const reg = { h: [...s.hunters[r]!], c: [...s.clubbed[r]!] };
    resolveConflict(reg, Math.floor(3 + s.mammothsIn[r]! + fires * meanFire));
    const pts = pointsPerHunter(s.mammothsIn[r]!);
    for (let q = 0; q < s.players; q++) value[q]! += reg.h[q]! * pts * later;
  }
  let best = -Infinity;
  for (let q = 0; q < s.players; q++) if (q !== seat && value[q]! > best) best = value[q]!;
  const mine = value[seat]!;
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (mine - best) / (Math.abs(mine) + Math.abs(best) + 10)));
}

