/**
 * Eiszeit for computer players: how good a position looks for a seat (`estimate`), from public facts only, and the
 * rule of thumb playouts follow (`eiszeitPolicy`).
 */
import { bestAfterOneStep, type Lookahead } from '../../engine/lookahead.js';
import type { RngState } from '../../engine/rng.js';
import type { Decision, Seat } from '../../engine/types.js';
import { R, sum } from './board.js';
import { outcome } from './engine.js';
import { pointsPerHunter, resolveConflict } from './scoring.js';
import type { EiszeitPayload, EiszeitState } from './state.js';

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


/** Carries the action `seat` is in on by its own steps (at most a few), each by the first option that is not a pass. */
function carryOn(game: Lookahead<S>, x: S, seat: Seat): void {
  for (let step = 0; step < 6 && x.stage === 'act'; step++) {
    const d = game.decisions(x).find((y) => y.seat === seat);
    const o = d?.options.find((y) => !y.role);
    if (!o) return;
    game.perform(x, seat, o);
  }
}

/** Worth of a stone for the rule of thumb, as a small tie-break beside the estimate (stones pay for cards). */
const STONE_WORTH = 0.4;

/**
 * The rule of thumb for computer players (the engine's `playoutPolicy`): majorities and the stone economy. At every
 * decision of its own (the card to play, each step of a card's action, the discard and the draw) it takes the option
 * after which the seat's projected majorities look best (`estimate`: each region's conflict resolved against its
 * limit, the hunters' points counted again for the rounds to come), one step of look-ahead on a copy, with its stones
 * counted a little (stones pay for cards; a card is more hunters placed). A card to play is judged with its action
 * carried on (`carryOn`): by its cost alone a light card only ever lost stones, so the rule of thumb played dark cards
 * and lost to the greedy player (21 of 100 games at 3 players; 40–43 with the action carried on). More than 10 options:
 * a random 10 of them.
 */
export function eiszeitPolicy(
  s: S, seat: Seat, optionIds: string[], rng: RngState, game: Lookahead<S>, _decision?: Decision<EiszeitPayload>,
): number | string | null {
  const value = (x: S): number => estimate(x, seat) + (STONE_WORTH * x.stones[seat]!) / 100;
  // a card is judged with its action carried on (each own step by its first real option), not by its cost alone
  const then = s.stage === 'play' ? (x: S): void => carryOn(game, x, seat) : undefined;
  return bestAfterOneStep(game, s, seat, optionIds, rng, value, { cap: 10, then });
}
