/**
 * Eiszeit for computer players: how good a position looks for a seat (`estimate`), from public facts only, and the
 * rule of thumb playouts follow (`eiszeitPolicy`).
 */
import { copyJson } from '../../engine/copy.js';
import type { Lookahead } from '../../engine/lookahead.js';
import { randInt, shuffle, type RngState } from '../../engine/rng.js';
import type { Decision, Option, Seat } from '../../engine/types.js';
import { dataOf, R, sum } from './board.js';
import type { CardKind } from './data.js';
import { outcome } from './engine.js';
import { pointsPerHunter, resolveConflict } from './scoring.js';
import type { DiscardPayload, EiszeitPayload, EiszeitState } from './state.js';

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
  const value = [...s.score];
  addProjectedHunters(s, value);
  let best = -Infinity;
  for (let q = 0; q < s.players; q++) if (q !== seat && value[q]! > best) best = value[q]!;
  const mine = value[seat]!;
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (mine - best) / (Math.abs(mine) + Math.abs(best) + 10)));
}


/**
 * Adds to `value` (per seat) the points its hunters would score: each free region's conflict resolved against its
 * limit (the face-down fire tiles at their average), later rounds at half weight. Shared by `estimate` and `worth`.
 */
function addProjectedHunters(s: S, value: number[]): void {
  const meanFire = s.fireVal.length === 0 ? 0 : sum(s.fireVal) / s.fireVal.length;
  const later = 1 + 0.5 * (s.rounds - s.round);
  for (let r = 0; r < R; r++) {
    if (s.glacier[r]) continue;
    let fires = 0;
    for (const at of s.fireAt) if (at === r) fires++;
    const reg = { h: [...s.hunters[r]!], c: [...s.clubbed[r]!] };
    resolveConflict(reg, Math.floor(3 + s.mammothsIn[r]! + fires * meanFire));
    const pts = pointsPerHunter(s.mammothsIn[r]!);
    for (let q = 0; q < s.players; q++) value[q]! += reg.h[q]! * pts * later;
  }
}

// ---------------------------------------------------------------- the rule of thumb

/** Points a stone is worth to the rule of thumb (stones pay for light cards: a landscape card is 2 stones for up to 3 hunters). */
const STONE_PTS = 1;
/** Points a club held in front of a player is worth (it will keep a hunter through a conflict). */
const CLUB_PTS = 1;
/** How much the best other seat counts against the seat's own value; the rest is the mean of the others. */
const BEST_OTHER = 0.7;
/** Options compared at one decision of the seat's own, and at each step of a turn played on in thought. */
const CAP = 10;
const SIM_CAP = 3;

/**
 * How a position looks to the rule of thumb, in points: each seat's score plus its hunters' projected points (as
 * `estimate`: conflicts resolved against each region's limit, later rounds at half weight), its stones and the clubs
 * in front of it; the seat's value less a mix of the best and the mean of the others'. A finished game: its ranking.
 */
export function worth(s: S, seat: Seat): number {
  if (s.phase === 'over') return 1000 * estimate(s, seat);
  const stonePts = s.round === s.rounds ? STONE_PTS / 2 : STONE_PTS;
  const value = new Array<number>(s.players);
  for (let q = 0; q < s.players; q++) value[q] = s.score[q]! + stonePts * s.stones[q]! + CLUB_PTS * s.clubsHeld[q]!;
  addProjectedHunters(s, value);
  let best = -Infinity, total = 0;
  for (let q = 0; q < s.players; q++) {
    if (q === seat) continue;
    total += value[q]!;
    if (value[q]! > best) best = value[q]!;
  }
  return value[seat]! - BEST_OTHER * best - ((1 - BEST_OTHER) * total) / (s.players - 1);
}

/** What a card in the hand is worth keeping, roughly in points (what it does for its player; a dark card's stones less what it gives the others). */
const CARD_WORTH: Record<CardKind, number> = {
  landscape: 3, huntersMammoth: 4, moveWithMammoth: 2.5, mammoth: 2.5, fire: 1, swap: 1.5, club: 2, moveMixed: 2, cult: 2,
  placeTwoEach: 1, placeOneEach: 1.5, removeTwo: 2, clubOrMove: 1.5, removeOne: 1.5, removeMammoth: 2,
};
/** A card worth less than this is discarded (a card drawn for it is worth about this much). */
const DISCARD_BELOW = 2;

function cardWorth(s: S, seat: Seat, id: string): number {
  const c = dataOf(s).card[id]!;
  const w = CARD_WORTH[c.kind];
  // a light card its player cannot pay for yet is worth less
  return c.colour === 'light' && (c.value ?? 2) > s.stones[seat]! ? w - 1 : w;
}

/** Light cards wanted in a hand of five: more with stones to pay for them, fewer without. */
function lightWanted(s: S, seat: Seat): number {
  const st = s.stones[seat]!;
  return st >= 6 ? 4 : st >= 4 ? 3 : st >= 2 ? 2 : 1;
}

/** How good a discard (and the draw mix chosen with it) looks: a weak card gone, a hand of the colours the stones suit. */
function discardScore(s: S, seat: Seat, p: DiscardPayload | { kind: 'draw'; light: number }): number {
  const hand = s.hands[seat]!;
  let score = 0;
  let lights = 0;
  for (const id of hand) if (dataOf(s).card[id]!.colour === 'light') lights++;
  if (p.kind === 'discard' && p.card !== null) {
    score += DISCARD_BELOW - cardWorth(s, seat, p.card);
    if (dataOf(s).card[p.card]!.colour === 'light') lights--;
  }
  if (p.light !== undefined) score -= 0.5 * Math.abs(lights + p.light - lightWanted(s, seat));
  return score;
}

/** The best of the discard / draw options among `ids` (ties at random), or null when none is one. */
function bestDiscard(s: S, seat: Seat, ids: string[], d: Decision<EiszeitPayload>, rng: RngState): number | null {
  let best: number[] = [];
  let bestValue = -Infinity;
  for (let i = 0; i < ids.length; i++) {
    const p = d.options.find((o) => o.id === ids[i])?.payload;
    const q = p?.kind === 'endAction' ? p.discard : p;
    if (!q || (q.kind !== 'discard' && q.kind !== 'draw')) continue;
    const v = discardScore(s, seat, q);
    if (v > bestValue + 1e-9) { bestValue = v; best = [i]; } else if (v >= bestValue - 1e-9) best.push(i);
  }
  return best.length ? best[randInt(rng, best.length)]! : null;
}

/** An end of the action that discards a card (its choice is the discard's, not the action's). */
const discardsAtEnd = (o: Option<EiszeitPayload>): boolean => o.payload?.kind === 'endAction' && o.payload.discard.card !== null;

/** Of `options`, those worth comparing by their result: no `back`, and of the ways to end the action only the first that keeps the hand. */
function actCandidates(options: Option<EiszeitPayload>[]): Option<EiszeitPayload>[] {
  const out: Option<EiszeitPayload>[] = [];
  let ended = false;
  for (const o of options) {
    if (o.role === 'back' || discardsAtEnd(o)) continue;
    if (o.role === 'finish') { if (ended) continue; ended = true; }
    out.push(o);
  }
  return out;
}

/**
 * A copy of `x` to try a step on in thought: as `copyJson`, but sharing the report and the position kept for `back`
 * (together about half of a state during an action). The report is only ever replaced whole
 * (`test/eiszeit/whole-only.test.ts`); the kept position is read only by `back`, which the rule of thumb never tries.
 */
function trialCopy(x: S): S {
  const y: S = copyJson({ ...x, report: null, takeback: { base: null, steps: x.takeback.steps } });
  y.report = x.report;
  y.takeback.base = x.takeback.base;
  return y;
}

/** The option of `options` whose result `score`s best for `seat` (a random `cap` of them; ties at random). */
function greedyOption(game: Lookahead<S>, x: S, seat: Seat, options: Option<EiszeitPayload>[], score: (y: S) => number, rng: RngState, cap: number): Option<EiszeitPayload> | undefined {
  const tried = options.length > cap ? shuffle(rng, [...options]).slice(0, cap) : options;
  if (tried.length === 1) return tried[0];
  let best: Option<EiszeitPayload>[] = [];
  let bestValue = -Infinity;
  for (const o of tried) {
    const y = trialCopy(x);
    game.perform(y, seat, o);
    const v = score(y);
    if (v > bestValue + 1e-9) { bestValue = v; best = [o]; } else if (v >= bestValue - 1e-9) best.push(o);
  }
  return best.length ? best[randInt(rng, best.length)] : undefined;
}

/**
 * Plays the turn under way on to its end in thought (in place on `x`): the seat's own steps each by one step of
 * look-ahead on `worth`, another player's part of a dark card as a greedy player would (one step on `estimate` for
 * itself), the seat keeping its hand and drawing any mix. Stops at the next player's turn or when settling ends.
 */
function finishTurn(game: Lookahead<S>, x: S, seat: Seat, rng: RngState): void {
  for (let k = 0; k < 30 && x.phase === 'settle' && x.stage !== 'play'; k++) {
    const d = game.decisions(x)[0] as Decision<EiszeitPayload> | undefined;
    if (!d) return;
    let o: Option<EiszeitPayload> | undefined;
    if (x.stage === 'act') {
      const q = d.seat;
      o = greedyOption(game, x, q, actCandidates(d.options), q === seat ? (y) => worth(y, seat) : (y) => estimate(y, q), rng, SIM_CAP);
    } else {
      o = d.options.find((y) => y.role !== 'back' && (y.payload?.kind !== 'discard' || y.payload.card === null));
    }
    if (!o) return;
    game.perform(x, d.seat, o);
  }
}

/** The options of `tried` whose result looks best to `seat` (`worth`), the turn played on to its end in thought when `full`. */
function judgeOptions(game: Lookahead<S>, s: S, seat: Seat, tried: Option<EiszeitPayload>[], rng: RngState, full: boolean): Option<EiszeitPayload>[] {
  let best: Option<EiszeitPayload>[] = [];
  let bestValue = -Infinity;
  for (const o of tried) {
    const x = trialCopy(s);
    game.perform(x, seat, o);
    if (full) finishTurn(game, x, seat, rng);
    const v = worth(x, seat);
    if (v > bestValue + 1e-9) { bestValue = v; best = [o]; } else if (v >= bestValue - 1e-9) best.push(o);
  }
  return best;
}

/**
 * The rule of thumb for computer players (the engine's `playoutPolicy`), from Eiszeit's own heuristics:
 *
 * - **The card to play**: every card (a dark card with each player it could go to) is tried on a copy and the turn
 *   played on to its end (`finishTurn`): the seat's own steps of the action by one step of look-ahead, the other
 *   players' part of a dark card as they would choose it (one step on `estimate` for themselves; at most `SIM_CAP`
 *   options compared at each step). **Each step of an action**: one step of look-ahead, and the turn played on to its
 *   end only where one step tells the options nothing apart (the source of a move, the mode of a card). Results are
 *   judged by `worth`: majorities per region against the limit (a region
 *   overfilled beyond its limit loses its weakest hunters), the points of the rounds to come, and the stone economy
 *   (a stone is worth about a point: a light card's cost counts against it, a dark card's stones for it, what the
 *   others gain from a dark card against it, and its target is the player it helps least).
 * - **Discarding and drawing**: a card worth less than an average draw (`CARD_WORTH`, by kind: a dark card that places
 *   hunters for everybody least, a light card the player cannot pay for less) is discarded, and the draw mix keeps
 *   as many light cards as the stones can pay for.
 * - **Pre-round placements and the glacier**: one step of look-ahead on `worth`.
 */
export function eiszeitPolicy(
  s: S, seat: Seat, optionIds: string[], rng: RngState, game: Lookahead<S>, decision?: Decision<EiszeitPayload>,
): number | null {
  const d = decision ?? (game.decisions(s).find((x) => x.seat === seat) as Decision<EiszeitPayload> | undefined);
  if (!d) return null;
  if (s.phase === 'settle' && (s.stage === 'discard' || s.stage === 'draw')) return bestDiscard(s, seat, optionIds, d, rng);
  const byId = new Map(d.options.map((o) => [o.id, o]));
  const options = optionIds.map((id) => byId.get(id)).filter((o): o is Option<EiszeitPayload> => o !== undefined);
  const candidates = actCandidates(options);
  const tried = candidates.length > CAP ? shuffle(rng, [...candidates]).slice(0, CAP) : candidates;
  // a card to play is judged by the whole turn; an action's step first by its own result, by the rest of the turn when that tells nothing apart
  const full = s.phase === 'settle' && s.stage === 'play';
  let best = judgeOptions(game, s, seat, tried, rng, full);
  if (!full && s.phase === 'settle' && best.length === tried.length && tried.length > 1) best = judgeOptions(game, s, seat, tried, rng, true);
  if (best.length === 0) return null;
  const pick = best[randInt(rng, best.length)]!;
  // ending the action: which card goes with it is the discard's choice
  if (pick.payload?.kind === 'endAction') {
    const ends = optionIds.filter((id) => byId.get(id)?.payload?.kind === 'endAction');
    const i = bestDiscard(s, seat, ends, d, rng);
    if (i !== null) return optionIds.indexOf(ends[i]!);
  }
  return optionIds.indexOf(pick.id);
}

/** Playouts of the search (`playoutCut`): a position's `worth` in points mapped into [0, 1] on this scale. */
const CUT_SCALE = 8;

/**
 * Where the search's playouts stop (the engine's `playoutCut`): they follow the rule of thumb for every player until
 * the seat's next card to play (a whole round of turns, so the others' answers to the option tried are seen), the end
 * of the round's settling or of the game, and are judged by `worth`, which counts stones and clubs as the rule of
 * thumb does.
 */
export function playoutCut(s: S, seat: Seat, steps: number): number | null {
  if (s.phase === 'over') return estimate(s, seat);
  if (steps === 0) return null;
  const stop = s.phase === 'glacier' || (s.stage === 'play' && s.seat === seat);
  return stop ? 0.5 + 0.5 * Math.tanh(worth(s, seat) / CUT_SCALE) : null;
}
