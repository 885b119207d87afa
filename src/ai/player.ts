/**
 * Computer players over the shared engine contract: nothing here knows any particular game.
 *
 * `random` picks uniformly among the offered options. `strong` is determinized flat Monte Carlo: every
 * iteration redraws what the seat cannot see (`engine.determinize`) and gives the state a fresh random
 * future (a new generator state, which no player can see either), picks one of the seat's options by UCB1,
 * carries it out and plays random legal moves to the end of the game (or to a step cap), then scores the
 * result for the seat. The search therefore never reads hidden information, only the seat's own options.
 * When the engine has a `playoutPolicy`, its own pick at the root stands unless the playouts show another
 * option clearly better (`POLICY_OVERRIDE_Z` standard errors), so a small budget never plays worse than it.
 *
 * Both levels never choose a `back` option (stepping back inside a compound action is pointless for them);
 * a compound action is just a series of decisions, each chosen on its own.
 */
import { clone, resolveOption } from '../engine/apply.js';
import { policyChoice, policyOptions } from '../engine/selfplay.js';
import { nextU32, randInt, shuffle, type RngState } from '../engine/rng.js';
import type { BaseState, Decision, GameEngine, Option, Outcome, Seat } from '../engine/types.js';

export type AiLevel = 'random' | 'strong';
export const AI_LEVELS: readonly AiLevel[] = ['random', 'strong'];

/** How much a decision may cost. Without `timeMs` or `maxIterations` the default time budget applies. */
export interface SearchBudget {
  /** Wall-clock budget for the search, in milliseconds (default 1500). */
  timeMs?: number;
  /** Stop after this many playouts (makes a search reproducible: use it without `timeMs` in tests). */
  maxIterations?: number;
  /**
   * A playout that has not ended after this many steps is scored by the evaluator: the player's own, else the
   * engine's `estimate`, else the seat's score margin in its own view (`viewScoreEvaluator`). Default: 60
   * steps when the engine has `estimate`, otherwise 3000, i.e. play to the end.
   */
  maxPlayoutSteps?: number;
  /** UCB1 exploration constant (default 0.7 on rewards in [0, 1]). */
  exploration?: number;
}

export const DEFAULT_TIME_MS = 1500;
const DEFAULT_MAX_PLAYOUT_STEPS = 3000;
const DEFAULT_EXPLORATION = 0.7;
/**
 * With an engine's `playoutPolicy`, the search keeps the policy's own choice at the root unless another option's
 * playouts did better by this many standard errors of the difference (noisy playouts then do not overrule a
 * rule of thumb that knows better than a few dozen dice rolls).
 */
export const POLICY_OVERRIDE_Z = 2;
/** A playout still running at this multiple of the time budget is abandoned. */
const HARD_LIMIT_FACTOR = 1.2;

/** Optional estimate in [0, 1] of how well `seat` stands in an unfinished game (used at the playout cut-off). */
export type Evaluator<S extends BaseState = any> = (engine: GameEngine<S>, state: S, seat: Seat) => number;

/**
 * When an engine has `estimate`, playouts stop after this many steps and the estimate scores them: the way to give
 * games whose random playouts say nothing (everybody loses, or games too long to play out) a useful search.
 */
export const DEFAULT_HORIZON_WITH_ESTIMATE = 60;

function engineEstimate<S extends BaseState>(engine: GameEngine<S>): Evaluator<S> | undefined {
  const est = engine.estimate;
  return typeof est === 'function' ? (e, state, seat) => est.call(e, state, seat) : undefined;
}

export interface ArmStats { optionId: string; visits: number; mean: number }

export interface Choice {
  optionId: string;
  /** Why: 'only' (a single sensible option), 'random', 'search', or 'no-determinize' (fell back to random). */
  reason: 'only' | 'random' | 'search' | 'no-determinize';
  iterations: number;
  elapsedMs: number;
  arms?: ArmStats[];
  /** Set when the playouts stopped at this many steps and were judged by an estimate. */
  horizon?: number;
}

export interface ComputerPlayer {
  level: AiLevel;
  /**
   * Chooses an option id for `seat`, which must owe a decision in `state`. `rng` is the player's own
   * generator state and is advanced in place, so a run is reproducible from its seed.
   */
  choose<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat, budget: SearchBudget, rng: RngState): string;
  /** Like `choose`, with the figures of the search. */
  decide<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat, budget: SearchBudget, rng: RngState): Choice;
}

/**
 * The options an AI may take: everything offered except `back` (unless nothing else is offered). The very set an
 * engine's `playoutPolicy` is handed by contract (`policyOptions`), so the search, its playouts and
 * `npm run selfplay -- --chooser policy` all ask the policy about the same options.
 */
export function candidateOptions(decision: Decision): Option[] {
  return policyOptions(decision);
}

function owedDecision<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat): Decision {
  const d = engine.decisions(state).find((x) => x.seat === seat);
  if (!d) throw new Error(`ai: seat ${seat} owes no decision`);
  return d;
}

function randomChoice(options: Option[], rng: RngState): Option {
  return options[randInt(rng, options.length)]!;
}

/** A fresh generator state drawn from the AI's own generator (the game's future dice are unknown to everyone). */
function freshRng(rng: RngState): RngState {
  return [nextU32(rng), nextU32(rng), nextU32(rng), (nextU32(rng) | 1) >>> 0];
}

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

/**
 * Plays random legal moves (never `back`) from `state` until the game ends or `maxSteps` pass; returns the
 * reward for `seat`, or null if it was abandoned at `stopAt` (a `performance.now()` time). Each step is what
 * `apply` does without its membership check (the option comes from `decisions()` of that very state), on
 * `state` in place: several times faster than copying at every step (copying dominates a step in most games).
 * The contract makes that safe: `perform` forgets whatever an engine memoised about the state it changes.
 */
export function playout<S extends BaseState>(
  engine: GameEngine<S>,
  state: S,
  seat: Seat,
  rng: RngState,
  maxSteps: number,
  evaluate?: Evaluator<S>,
  stopAt = Infinity,
): number | null {
  const policy = engine.playoutPolicy;
  for (let step = 0; step < maxSteps; step++) {
    // A playout past the hard time limit is abandoned (every 16 steps is often enough to look at the clock).
    if ((step & 15) === 15 && now() > stopAt) return null;
    const owed = engine.decisions(state);
    if (owed.length === 0) {
      const o = engine.outcome(state);
      return o ? rewardOf(o, seat) : 0.5;
    }
    const d = owed.length === 1 ? owed[0]! : owed[randInt(rng, owed.length)]!;
    const options = candidateOptions(d);
    let option: Option | undefined;
    if (policy && options.length > 1) option = policyChoice(d, options, policy.call(engine, state, d.seat, options.map((o) => o.id), rng), rng);
    option ??= randomChoice(options, rng);
    engine.perform(state, d.seat, option);
  }
  return Math.max(0, Math.min(1, (evaluate ?? viewScoreEvaluator)(engine, state, seat)));
}

function now(): number {
  return performance.now();
}

export const randomPlayer: ComputerPlayer = {
  level: 'random',
  choose(engine, state, seat, budget, rng) {
    return this.decide(engine, state, seat, budget, rng).optionId;
  },
  decide(engine, state, seat, _budget, rng) {
    const t0 = now();
    const options = candidateOptions(owedDecision(engine, state, seat));
    const optionId = options.length === 1 ? options[0]!.id : randomChoice(options, rng).id;
    return { optionId, reason: options.length === 1 ? 'only' : 'random', iterations: 0, elapsedMs: now() - t0 };
  },
};

export interface StrongOptions<S extends BaseState = any> {
  evaluate?: Evaluator<S>;
}

export function strongPlayer(opts: StrongOptions = {}): ComputerPlayer {
  return {
    level: 'strong',
    choose(engine, state, seat, budget, rng) {
      return this.decide(engine, state, seat, budget, rng).optionId;
    },
    decide(engine, state, seat, budget, rng) {
      return searchDecision(engine, state, seat, budget, rng, opts.evaluate);
    },
  };
}

function searchDecision<S extends BaseState>(
  engine: GameEngine<S>,
  state: S,
  seat: Seat,
  budget: SearchBudget,
  rng: RngState,
  evaluate?: Evaluator<S>,
): Choice {
  const t0 = now();
  const decision = owedDecision(engine, state, seat);
  const options = candidateOptions(decision);
  if (options.length === 1) return { optionId: options[0]!.id, reason: 'only', iterations: 0, elapsedMs: now() - t0 };
  if (!engine.determinize) {
    // Without a way to hide what the seat cannot see, a search would peek: play like the random level.
    return { optionId: randomChoice(options, rng).id, reason: 'no-determinize', iterations: 0, elapsedMs: now() - t0 };
  }
  const timeMs = budget.timeMs ?? (budget.maxIterations === undefined ? DEFAULT_TIME_MS : Infinity);
  const maxIterations = budget.maxIterations ?? Infinity;
  const fromEngine = engineEstimate(engine);
  const maxSteps = budget.maxPlayoutSteps ?? (fromEngine ? DEFAULT_HORIZON_WITH_ESTIMATE : DEFAULT_MAX_PLAYOUT_STEPS);
  const evaluator = evaluate ?? fromEngine;
  const c = budget.exploration ?? DEFAULT_EXPLORATION;
  const deadline = t0 + timeMs;

  const policy = engine.playoutPolicy;
  const pick = policy ? policy.call(engine, state, seat, options.map((o) => o.id), rng) : null;
  // A set choice the policy proposes (several items at once) is one more option to try, and the preferred one.
  const proposed = typeof pick === 'string' ? policyChoice(decision, options, pick, rng) : undefined;
  if (proposed && !options.includes(proposed)) options.push(proposed);
  const preferred = typeof pick === 'number' ? pick : proposed ? options.indexOf(proposed) : -1;
  const n = options.length;
  const visits = new Array<number>(n).fill(0);
  const total = new Array<number>(n).fill(0);
  const squares = new Array<number>(n).fill(0);
  // Every option gets its first playout in a random order, so a budget too small to try them all does not
  // favour the options an engine happens to list first.
  const firstPass = shuffle(rng, [...Array(n).keys()]);
  let iterations = 0;
  // At least one playout; then stop at the cap or the deadline, even before every option got its first one.
  // A playout still running at the hard limit is abandoned (even the first: then the choice is a random
  // one), so a decision overruns its budget by little even on a busy machine.
  const hardStop = t0 + Math.max(timeMs * HARD_LIMIT_FACTOR, timeMs + 50);
  while (iterations < maxIterations && (iterations === 0 || now() < deadline)) {
    const arm = iterations < n ? firstPass[iterations]! : ucbArm(visits, total, iterations, c);
    const world = engine.determinize(state, seat, rng);
    const w = world === state ? clone(state) : world;
    w.rng = freshRng(rng);
    // The seat's options do not depend on hidden information, but look the option up in this world anyway.
    const d = engine.decisions(w).find((x) => x.seat === seat);
    const option = d && resolveOption(d, options[arm]!.id);
    let reward: number;
    if (!option) {
      reward = 0.5; // an engine whose options leak hidden state; treat this world as uninformative
    } else {
      engine.perform(w, seat, option);
      const r = playout(engine, w, seat, rng, maxSteps, evaluator, hardStop);
      if (r === null) break;
      reward = r;
    }
    visits[arm]!++;
    total[arm]! += reward;
    squares[arm]! += reward * reward;
    iterations++;
  }
  let best = firstPass[0]!;
  for (let i = 0; i < n; i++) {
    // Most visited wins (UCB's robust choice); the mean breaks ties (an unvisited option never wins).
    const mean = (k: number): number => (visits[k] ? total[k]! / visits[k]! : -1);
    if (visits[i]! > visits[best]! || (visits[i] === visits[best] && mean(i) > mean(best))) best = i;
  }
  if (preferred >= 0 && preferred < n && best !== preferred && !clearlyBetter(best, preferred, visits, total, squares)) best = preferred;
  return {
    optionId: options[best]!.id,
    reason: 'search',
    iterations,
    elapsedMs: now() - t0,
    arms: options.map((o, i) => ({ optionId: o.id, visits: visits[i]!, mean: visits[i] ? total[i]! / visits[i]! : 0 })),
    ...(maxSteps < DEFAULT_MAX_PLAYOUT_STEPS ? { horizon: maxSteps } : {}),
  };
}

/** Did arm `a` do better than arm `b` by more than `POLICY_OVERRIDE_Z` standard errors of the difference? */
function clearlyBetter(a: number, b: number, visits: number[], total: number[], squares: number[]): boolean {
  const na = visits[a]!, nb = visits[b]!;
  if (na < 2 || nb < 2) return false; // too few playouts to tell: keep the rule of thumb
  const ma = total[a]! / na, mb = total[b]! / nb;
  const va = Math.max(0, squares[a]! / na - ma * ma), vb = Math.max(0, squares[b]! / nb - mb * mb);
  return ma - mb > POLICY_OVERRIDE_Z * Math.sqrt(va / na + vb / nb);
}

function ucbArm(visits: number[], total: number[], iterations: number, c: number): number {
  const logN = Math.log(iterations);
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < visits.length; i++) {
    const v = total[i]! / visits[i]! + c * Math.sqrt(logN / visits[i]!);
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}

export function playerFor(level: AiLevel, opts: StrongOptions = {}): ComputerPlayer {
  return level === 'random' ? randomPlayer : strongPlayer(opts);
}
