/**
 * Computer players for every Campfire game, through the engine contract only.
 *
 *   const player = computerPlayer('strong');
 *   const optionId = player.choose(engine, state, seat, { timeMs: 1500 }, rng);   // in-process, blocking
 *   const { optionId, rng } = await chooseAsync({ gameId, level, state, seat, budget, rng }); // worker thread
 *
 * `rng` is the computer player's own generator state (e.g. `aiRng(`${gameId}:${seat}:${step}`)`), so a
 * decision is reproducible; with `maxIterations` and no `timeMs` the strong search is fully deterministic.
 */
import { seedRng, type RngState } from '../engine/rng.js';
import { playerFor, type AiLevel, type ComputerPlayer, type StrongOptions } from './player.js';

export {
  AI_LEVELS,
  DEFAULT_TIME_MS,
  candidateOptions,
  playout,
  randomPlayer,
  rewardOf,
  strongPlayer,
  type AiLevel,
  type ArmStats,
  type Choice,
  type ComputerPlayer,
  type Evaluator,
  type SearchBudget,
  type StrongOptions,
} from './player.js';
export type { AiAnswer, AiRequest } from './protocol.js';
export { AiWorkerPool, chooseAsync, closeDefaultPool, defaultPool, type PoolOptions } from './pool.js';

/** The computer player of a level. */
export function computerPlayer(level: AiLevel, opts: StrongOptions = {}): ComputerPlayer {
  return playerFor(level, opts);
}

/** A computer player's generator state from a seed string. */
export function aiRng(seed: string): RngState {
  return seedRng(`ai:${seed}`);
}
