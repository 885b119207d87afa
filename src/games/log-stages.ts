/** Round and phase for the lines of a game's log, found by replaying the game (the log stores no states). */
import { replaySteps } from '../engine/apply.js';
import type { Msg, Seat } from '../engine/types.js';
import type { GameModule } from './types.js';

/**
 * Replays the game's active decisions and returns, for a log line's version, the stage (`ui.stage`) of the table
 * at that point: the stage in which the decision of that version was taken, or, for a version between decisions
 * (a table notice, a decision taken back), the stage after the last active decision before it.
 * Returns null when the game has no `stage`.
 */
export function logStages(
  module: GameModule,
  players: number,
  options: Record<string, string>,
  seed: string,
  active: readonly { version: number; seat: Seat; option: string }[],
): ((version: number) => Msg) | null {
  const stage = module.ui.stage;
  if (!stage) return null;
  const engine = module.engine;
  /** before[i]: the stage in which active decision i was taken; before[active.length]: the stage now. */
  const before: Msg[] = [];
  for (const step of replaySteps(engine, players, options, seed, active)) before.push(stage(engine.view(step.state, null)));
  return (version) => {
    // The first active decision at or after `version`: the stage before it is the stage at `version`.
    let lo = 0;
    let hi = active.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (active[mid]!.version < version) lo = mid + 1;
      else hi = mid;
    }
    return before[lo]!;
  };
}
