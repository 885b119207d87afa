/**
 * Computer players for every Campfire game, through the engine contract only.
 *
 *   const player = computerPlayer('strong');
 *   const optionId = player.choose(engine, state, seat, { timeMs: 1500 }, rng);   // in-process, blocking
 *   const { optionId, rng } = await chooseAsync({ gameId, level, state, seat, budget, rng }); // worker thread
 *
 * `rng` is the computer player's own generator state (e.g. `aiRng(`${gameId}:${seat}:${step}`)`), so a
 * decision is reproducible; with `maxIterations` and no `timeMs` the strong search is fully deterministic.
 * For the bot, `computerChoice(level)` has the shape of `BotOptions.computerChoice`.
 *
 * The search uses only `determinize`, `decisions`, `perform`, `outcome` (and `view` for visible scores at a
 * cut-off). Two optional engine methods of `GameEngine` make it stronger where random playouts say little:
 * `estimate(state, seat)` (judge a cut-off playout) and `playoutPolicy(state, seat, ids, rng)` (a rule-of-thumb
 * player for playouts, whose own pick also stands at the root unless the playouts show another option clearly
 * better).
 */
import { randInt, seedRng, type RngState } from '../engine/rng.js';
import type { Decision, Seat } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import { candidateOptions, DEFAULT_TIME_MS, playerFor, type AiLevel, type ComputerPlayer, type SearchBudget, type StrongOptions } from './player.js';
import { defaultPool, type AiWorkerPool } from './pool.js';

export {
  AI_LEVELS,
  DEFAULT_HORIZON_WITH_ESTIMATE,
  DEFAULT_TIME_MS,
  candidateOptions,
  playout,
  randomPlayer,
  rewardOf,
  scoresInView,
  viewScoreEvaluator,
  strongPlayer,
  type AiLevel,
  type ArmStats,
  type Choice,
  type ComputerPlayer,
  type Evaluator,
  type PlayerKind,
  type SearchBudget,
  type StrongOptions,
} from './player.js';
export { greedyPlayer, policyPlayer } from './simple.js';
export { judge, policyPick, seatWorld } from './world.js';
export type { AiAnswer, AiRequest } from './protocol.js';
export { AiWorkerPool, chooseAsync, closeDefaultPool, defaultPool, shareWorkers, type PoolOptions } from './pool.js';

/** The computer player of a level. */
export function computerPlayer(level: AiLevel, opts: StrongOptions = {}): ComputerPlayer {
  return playerFor(level, opts);
}

/** A computer player's generator state from a seed string. */
export function aiRng(seed: string): RngState {
  return seedRng(`ai:${seed}`);
}

export interface ComputerChoiceOptions {
  /** Budget per decision of the strong level (default: 1.5 s). */
  budget?: SearchBudget;
  /** The worker pool to search in (default: the shared one). */
  pool?: AiWorkerPool;
  /** Told when the worker failed and a random legal option was played instead. */
  onFallback?: (error: Error) => void;
}

/**
 * A chooser for the bot (`BotOptions.computerChoice`): searches in a worker thread, so other games keep
 * running; if the worker fails, plays a random legal option rather than stalling the game.
 * The seed (e.g. the game's seed and version) makes each decision reproducible.
 */
export function computerChoice(level: AiLevel = 'strong', opts: ComputerChoiceOptions = {}) {
  return async (module: GameModule, state: unknown, seat: Seat, decision: Decision, seed: string): Promise<string> => {
    const rng = aiRng(`${seed}:${seat}`);
    try {
      const budget = opts.budget ?? { timeMs: DEFAULT_TIME_MS };
      const answer = await (opts.pool ?? defaultPool()).choose({ gameId: module.engine.id, level, state, seat, budget, rng });
      return answer.optionId;
    } catch (e) {
      opts.onFallback?.(e instanceof Error ? e : new Error(String(e)));
      const options = candidateOptions(decision);
      return options[randInt(rng, options.length)]!.id;
    }
  };
}
