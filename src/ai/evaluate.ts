/**
 * How a computer player judges a position for a seat without reading hidden information: a finished game by its
 * outcome (`rewardOf`), an unfinished one by the seat's public score margin in its own view (`viewScoreEvaluator`).
 */
import type { BaseState, GameEngine, Outcome, Seat } from '../engine/types.js';

/** Optional estimate in [0, 1] of how well `seat` stands in an unfinished game (used at the playout cut-off). */
export type Evaluator<S extends BaseState = any> = (engine: GameEngine<S>, state: S, seat: Seat) => number;

/**
 * Reward of a finished game for `seat`, in [0, 1]: mostly winning (a shared win counts in part), and a
 * little for the place and for the score margin, so that playouts which all lose still tell options apart.
 */
export function rewardOf(outcome: Outcome, seat: Seat): number {
  const n = outcome.ranking.length;
  const mine = outcome.ranking.find((r) => r.seat === seat);
  if (!mine) return 0;
  const win = outcome.winners.includes(seat) ? 1 / outcome.winners.length : 0;
  const place = n > 1 ? (n - mine.place) / (n - 1) : 1;
  let bestOther = -Infinity;
  for (const r of outcome.ranking) if (r.seat !== seat && r.score > bestOther) bestOther = r.score;
  let margin = 0.5;
  if (Number.isFinite(bestOther)) {
    const scale = Math.abs(mine.score) + Math.abs(bestOther) + 1;
    margin = 0.5 + 0.5 * Math.max(-1, Math.min(1, (mine.score - bestOther) / scale));
  }
  return 0.7 * win + 0.15 * place + 0.15 * margin;
}

/** Per-seat scores found in a view by shape: `scores` / `score` / `points` arrays, or `players[i].score`. */
export function scoresInView(view: unknown, players: number): number[] | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Record<string, unknown>;
  const isScores = (a: unknown): a is number[] =>
    Array.isArray(a) && a.length === players && a.every((x) => typeof x === 'number' && Number.isFinite(x));
  for (const key of ['scores', 'score', 'points', 'vp']) if (isScores(v[key])) return v[key] as number[];
  const list = v.players ?? v.seats;
  if (Array.isArray(list) && list.length === players) {
    for (const key of ['score', 'points', 'vp']) {
      const a = list.map((p) => (typeof p === 'object' && p !== null ? (p as Record<string, unknown>)[key] : undefined));
      if (isScores(a)) return a;
    }
  }
  return null;
}

/**
 * A cut-off estimate that any game with visible scores supports: the seat's public score margin over the
 * best other seat, through the seat's own view (so nothing hidden is read), mapped into [0, 1].
 * Without scores in the view it says 0.5 (no idea).
 */
export function viewScoreEvaluator<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat): number {
  const scores = seatScores(engine, state, seat);
  if (!scores) return 0.5;
  const mine = scores[seat]!;
  let best = -Infinity;
  scores.forEach((x, i) => { if (i !== seat && x > best) best = x; });
  if (!Number.isFinite(best)) return 0.5;
  const scale = Math.abs(mine) + Math.abs(best) + 1;
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (mine - best) / scale));
}

/** The public scores in `seat`'s view (see `scoresInView`), or null when the view shows none. */
function seatScores<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat): number[] | null {
  const view = engine.view(state, seat) as Record<string, unknown> | null;
  if (typeof view !== 'object' || view === null) return null;
  let players = 0;
  for (const key of ['players', 'seats', 'scores', 'score', 'points', 'vp']) {
    const a = view[key];
    if (Array.isArray(a)) { players = a.length; break; }
  }
  return players > seat ? scoresInView(view, players) : null;
}
