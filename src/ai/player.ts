/**
 * Computer players over the shared engine contract: nothing here knows any particular game.
 *
 * `random` picks uniformly among the offered options. `strong` is determinized flat Monte Carlo: every
 * iteration redraws what the seat cannot see (`engine.determinize`) and gives the state a fresh random
 * future (a new generator state, which no player can see either), picks one of the seat's options by UCB1,
 * carries it out and plays random legal moves to the end of the game (or to a step cap), then scores the
 * result for the seat. The search therefore never reads hidden information, only the seat's own options.
 * When the engine has a `playoutPolicy`, it is asked about a determinized copy (never the true state) and its own
 * pick at the root stands unless the playouts show another option clearly better (`POLICY_OVERRIDE_Z` standard
 * errors), so a small budget never plays worse than it. An engine with `playoutCut` has its playouts follow the
 * policy at every step and stop where it says (Eiszeit: at the seat's next card, judged by its rule of thumb's worth).
 *
 * The budget goes where it matters: a decision of two or three options gets a fraction of it (`FEW_OPTIONS_SHARE`),
 * a search stops once one option is clearly ahead of every other (`settled`), and a decision with many options (a
 * multi-select, a long menu) is widened progressively: the rule of thumb's pick and a few others first, one more
 * option opened as the playouts grow (`armsOpen`). The simple players for measuring are in simple.ts.
 *
 * Both levels never choose a `back` option (stepping back inside a compound action is pointless for them);
 * a compound action is just a series of decisions, each chosen on its own.
 */
import { resolveOption } from '../engine/apply.js';
import { copyJson } from '../engine/copy.js';
import { policyChoice, policyOptions } from '../engine/selfplay.js';
import { nextU32, randInt, shuffle, type RngState } from '../engine/rng.js';
import type { BaseState, Decision, GameEngine, Option, Seat } from '../engine/types.js';
import { rewardOf, viewScoreEvaluator, type Evaluator } from './evaluate.js';
import { policyPick } from './world.js';

export { rewardOf, scoresInView, viewScoreEvaluator, type Evaluator } from './evaluate.js';

export type AiLevel = 'random' | 'strong';
/** Every kind of computer player: the levels people play against, and two simple ones for measuring (`simple.ts`). */
export type PlayerKind = AiLevel | 'greedy' | 'policy';
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
/**
 * A playout still running at this multiple of the time budget is abandoned (1.65 s at 1.5 s: on a loaded machine a
 * process can lose the processor for a while, and the goal is every decision within 2 s).
 */
const HARD_LIMIT_FACTOR = 1.1;


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
  /** Set when the search stopped before its time was up because one option was clearly ahead. */
  settled?: boolean;
}

export interface ComputerPlayer {
  level: PlayerKind;
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
  policyMs = Infinity,
): number | null {
  const policy = engine.playoutPolicy;
  // With `playoutCut` the rule of thumb guides the whole playout and the engine says where it stops. Otherwise it
  // guides a playout until it has cost `policyMs` (an expensive one, e.g. with a step of look-ahead, would otherwise
  // leave a small budget one or two playouts); then the playout goes on at random.
  const cut = policy ? engine.playoutCut : undefined;
  const policyUntil = policy && !cut && Number.isFinite(policyMs) ? now() + policyMs : Infinity;
  for (let step = 0; step < maxSteps; step++) {
    if (cut) {
      const judged = cut.call(engine, state, seat, step);
      if (judged !== null) return Math.max(0, Math.min(1, judged));
      if (now() > stopAt) return null;
    }
    // A playout past the hard time limit is abandoned (every 4 steps is often enough to look at the clock, and cheap
    // beside a step; every step while a rule of thumb, which may be slow, guides it).
    if (((step & 3) === 3 || policyUntil < Infinity) && now() > stopAt) return null;
    const owed = engine.decisions(state);
    if (owed.length === 0) {
      const o = engine.outcome(state);
      return o ? rewardOf(o, seat) : 0.5;
    }
    const d = owed.length === 1 ? owed[0]! : owed[randInt(rng, owed.length)]!;
    const options = candidateOptions(d);
    let option: Option | undefined;
    if (policy && options.length > 1 && (policyUntil === Infinity || now() < policyUntil)) option = policyChoice(d, options, policy.call(engine, state, d.seat, options.map((o) => o.id), rng, d), rng);
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
  // Never an option that only brings an earlier position back (`Option.futile`) while another exists.
  const all = candidateOptions(decision);
  const useful = all.filter((o) => !o.futile);
  const options = useful.length > 0 ? useful : all;
  if (options.length === 1) return { optionId: options[0]!.id, reason: 'only', iterations: 0, elapsedMs: now() - t0 };
  if (!engine.determinize) {
    // Without a way to hide what the seat cannot see, a search would peek: play like the random level.
    return { optionId: randomChoice(options, rng).id, reason: 'no-determinize', iterations: 0, elapsedMs: now() - t0 };
  }
  // The rule of thumb is asked about a determinized copy (never the true state); a set choice it proposes (several
  // items at once) is one more option to try, and the preferred one.
  const proposed = policyPick(engine, state, seat, decision, options, rng);
  if (proposed && !options.some((o) => o.id === proposed.id)) options.push(proposed);
  const preferred = proposed ? options.findIndex((o) => o.id === proposed.id) : -1;
  const n = options.length;
  // Short thinking where there is little to choose: a fraction of the budget for two or three options.
  const fullMs = budget.timeMs ?? (budget.maxIterations === undefined ? DEFAULT_TIME_MS : Infinity);
  const timeMs = fullMs * (n <= 2 ? FEW_OPTIONS_SHARE[0] : n <= 3 ? FEW_OPTIONS_SHARE[1] : 1);
  const maxIterations = budget.maxIterations ?? Infinity;
  const fromEngine = engineEstimate(engine);
  const maxSteps = budget.maxPlayoutSteps ?? (fromEngine ? DEFAULT_HORIZON_WITH_ESTIMATE : DEFAULT_MAX_PLAYOUT_STEPS);
  const evaluator = evaluate ?? fromEngine;
  const c = budget.exploration ?? DEFAULT_EXPLORATION;
  const deadline = t0 + timeMs;

  const visits = new Array<number>(n).fill(0);
  const total = new Array<number>(n).fill(0);
  const squares = new Array<number>(n).fill(0);
  // The order arms are opened in: the rule of thumb's pick first, the others at random (so a budget too small to try
  // them all does not favour the options an engine happens to list first). With many options (multi-selects, share
  // splits, long menus) the search widens progressively: it looks at the first few and opens one more as the
  // playouts grow (`armsOpen`), instead of spreading a small budget over every option once.
  const order = shuffle(rng, [...Array(n).keys()].filter((i) => i !== preferred));
  if (preferred >= 0) order.unshift(preferred);
  let iterations = 0;
  // At least one playout; then stop at the cap or the deadline, even before every option got its first one.
  // A playout still running at the hard limit is abandoned (even the first: then the choice is a random
  // one), so a decision overruns its budget by little even on a busy machine.
  const hardStop = t0 + Math.max(timeMs * HARD_LIMIT_FACTOR, timeMs + 50);
  let decided = false;
  while (iterations < maxIterations && (iterations === 0 || now() < deadline)) {
    const open = armsOpen(n, iterations);
    const arm = iterations < open && visits[order[iterations]!] === 0 ? order[iterations]! : ucbArm(order, open, visits, total, iterations, c);
    const world = engine.determinize(state, seat, rng);
    const w = world === state ? copyJson(state) : world;
    w.rng = freshRng(rng);
    // The seat's options do not depend on hidden information, but look the option up in this world anyway.
    const d = engine.decisions(w).find((x) => x.seat === seat);
    const option = d && resolveOption(d, options[arm]!.id);
    let reward: number;
    if (!option) {
      reward = 0.5; // an engine whose options leak hidden state; treat this world as uninformative
    } else {
      engine.perform(w, seat, option);
      const r = playout(engine, w, seat, rng, maxSteps, evaluator, hardStop, Number.isFinite(timeMs) ? timeMs * POLICY_SHARE_PER_PLAYOUT : Infinity);
      if (r === null) break;
      reward = r;
    }
    visits[arm]!++;
    total[arm]! += reward;
    squares[arm]! += reward * reward;
    iterations++;
    // A clear decision stops early (only under a time budget: an iteration cap keeps a search reproducible).
    if (budget.timeMs !== undefined && (iterations & 15) === 0 && iterations >= 4 * open && settled(order, open, visits, total, squares)) { decided = true; break; }
  }
  let best = order[0]!;
  for (let i = 0; i < n; i++) {
    // Most visited wins (UCB's robust choice); the mean breaks ties (an unvisited option never wins).
    const mean = (k: number): number => (visits[k] ? total[k]! / visits[k]! : -1);
    if (visits[i]! > visits[best]! || (visits[i] === visits[best] && mean(i) > mean(best))) best = i;
  }
  if (preferred >= 0 && best !== preferred && !clearlyBetter(best, preferred, visits, total, squares)) best = preferred;
  return {
    optionId: options[best]!.id,
    reason: 'search',
    iterations,
    elapsedMs: now() - t0,
    arms: options.map((o, i) => ({ optionId: o.id, visits: visits[i]!, mean: visits[i] ? total[i]! / visits[i]! : 0 })),
    ...(maxSteps < DEFAULT_MAX_PLAYOUT_STEPS ? { horizon: maxSteps } : {}),
    ...(decided ? { settled: true } : {}),
  };
}

/** A playout follows the rule of thumb for at most this share of the decision's time budget, then plays at random. */
const POLICY_SHARE_PER_PLAYOUT = 1 / 40;
/** Share of the time budget for a decision of two options, and of three (more options get all of it). */
const FEW_OPTIONS_SHARE = [0.35, 0.6] as const;
/** Up to this many options every one is tried from the start; beyond it the search widens progressively. */
const WIDEN_BEYOND = 8;

/** How many arms (in opening order) the search considers after `iterations` playouts. */
function armsOpen(n: number, iterations: number): number {
  if (n <= WIDEN_BEYOND) return n;
  return Math.min(n, WIDEN_BEYOND + Math.floor(Math.sqrt(iterations / 2)));
}

/** Is one open arm ahead of every other by more than `POLICY_OVERRIDE_Z` standard errors (so more playouts would not change the choice)? */
function settled(order: number[], open: number, visits: number[], total: number[], squares: number[]): boolean {
  let lead = order[0]!;
  for (let k = 0; k < open; k++) if (visits[order[k]!]! > visits[lead]!) lead = order[k]!;
  for (let k = 0; k < open; k++) {
    const i = order[k]!;
    if (i !== lead && !clearlyBetter(lead, i, visits, total, squares)) return false;
  }
  return true;
}

/** Did arm `a` do better than arm `b` by more than `POLICY_OVERRIDE_Z` standard errors of the difference? */
function clearlyBetter(a: number, b: number, visits: number[], total: number[], squares: number[]): boolean {
  const na = visits[a]!, nb = visits[b]!;
  if (na < 2 || nb < 2) return false; // too few playouts to tell: keep the rule of thumb
  const ma = total[a]! / na, mb = total[b]! / nb;
  const va = Math.max(0, squares[a]! / na - ma * ma), vb = Math.max(0, squares[b]! / nb - mb * mb);
  return ma - mb > POLICY_OVERRIDE_Z * Math.sqrt(va / na + vb / nb);
}

function ucbArm(order: number[], open: number, visits: number[], total: number[], iterations: number, c: number): number {
  const logN = Math.log(Math.max(1, iterations));
  let best = order[0]!;
  let bestValue = -Infinity;
  for (let k = 0; k < open; k++) {
    const i = order[k]!;
    const v = visits[i] ? total[i]! / visits[i]! + c * Math.sqrt(logN / visits[i]!) : Infinity;
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
