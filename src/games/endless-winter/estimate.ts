/**
 * How an Endless Winter position looks for a seat (computer players): `potential` is the projected final score plus a
 * rough worth of what still earns points later (food, tools, cards, camps on their way to a settlement, stones for the
 * eclipses to come, megaliths, terrain incomes, living animals); `estimate` is the seat's margin of it over the best
 * other seat, in [0, 1]. The search calls it on determinized states, where other seats' hidden cards are redrawn.
 */
import type { Seat } from '../../engine/types.js';
import { NEIGHBOURS, POINTS, SETTLEABLE } from './geometry.js';
import { scoreFinal, stoneScore, terrainIncomeTiles } from './scoring.js';
import { campsOnMap, dataOf, def, type EwState } from './state.js';

/** Eclipses still to come for this seat (its stone points are earned in each). */
function eclipsesLeft(s: EwState): number {
  if (s.phase === 'over') return 0;
  return dataOf(s).rounds - s.round + 1;
}

/** Value of a position for `seat`: projected final score plus the worth of resources that still earn points. */
export function potential(s: EwState, seat: number, fin = scoreFinal(s)[seat]!): number {
  const pl = s.players[seat]!;
  let v = fin.total;
  if (s.phase === 'over') return v;
  const ecl = eclipsesLeft(s);
  const w = ecl / dataOf(s).rounds; // share of the game still ahead
  v += w * (pl.food * 0.45 + pl.tool * 0.8);
  for (const c of pl.hand) v += def(s, c).kind === 'progress' ? 1.6 * w : 0.7 * w;
  v += (pl.deck.length + pl.discard.length) * 0.25 * w;
  v += campsOnMap(s, seat) * 0.3 * w;
  // Progress towards a settlement: camps spread over the three tiles of a free meeting point.
  if (pl.settlements < dataOf(s).player.settlements) {
    let bestPt = 0;
    const c = (tl: number): number => s.camps[tl * s.n + seat]!;
    for (const i of SETTLEABLE) {
      if (s.settle[i] !== -1) continue;
      const pt = POINTS[i]!;
      let have = pt.filter((tl) => c(tl) > 0).length;
      // A missing tile next to a spare camp (one not needed on the point) is half done.
      if (have < 3) for (const tl of pt) if (!c(tl) && NEIGHBOURS[tl]!.some((nb) => c(nb) > (pt.includes(nb) ? 1 : 0))) { have += 0.5; break; }
      if (have > bestPt) bestPt = have;
    }
    v += [0, 0.3, 0.6, 1.2, 1.8, 2.6, 3.5][bestPt * 2]! * w;
  }
  v += pl.settlements * (3 + 8 * w);
  for (const st of pl.stones) v += stoneScore(s, seat, st) * ecl + 1;
  v += pl.megs * 1.2 * w;
  v += terrainIncomeTiles(s, seat).length * 1.2 * w;
  const living = pl.animals.length - pl.killed.length;
  v += living * 0.6 * w;
  if (s.turn && s.turn.seat === seat && (s.turn.stage === 'labour' || s.turn.stage === 'top')) v += s.turn.pool * 0.05;
  return v;
}

/**
 * What the turn under way still holds for its seat: the labour gathered and the tribe members played for it are
 * worth what they will buy (so that playing a card for labour does not look like losing it). `potential` leaves
 * them out (the measuring player in ai.ts plays turns out instead).
 */
function turnWorth(s: EwState, seat: number): number {
  const t = s.turn;
  if (!t || t.seat !== seat || s.phase !== 'action') return 0;
  const w = eclipsesLeft(s) / dataOf(s).rounds;
  let v = t.pool * LABOUR_WORTH;
  for (const c of s.players[seat]!.played) if (def(s, c).kind === 'member') v += 0.7 * w;
  return v;
}

/** Points a half labour (the unit of `pool`) is worth while it can still be spent. */
const LABOUR_WORTH = 0.45;

/** Points apart that count as a sure lead. */
const SCALE = 30;

/** The seat's margin of `potential` over the best other seat, in [0, 1]; a finished game by its ranking. */
export function estimate(s: EwState, seat: Seat): number {
  const finals = scoreFinal(s);
  if (s.phase === 'over') {
    const best = Math.max(...finals.map((f) => f.total));
    return finals[seat]!.total === best ? 1 : 0;
  }
  const v = s.players.map((_, p) => potential(s, p, finals[p]!) + turnWorth(s, p));
  let best = -Infinity;
  v.forEach((x, p) => { if (p !== seat && x > best) best = x; });
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (v[seat]! - best) / SCALE));
}
