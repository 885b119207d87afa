/**
 * Two simple computer players for measuring the strong one, through the engine contract only:
 *
 * - `greedy`: one step of look-ahead. It redraws what the seat cannot see (`determinize`), carries out each of its
 *   options on a copy of that world and takes the one whose result looks best: the engine's `estimate` where it has
 *   one, else the seat's score margin in its own view (`viewScoreEvaluator`). Ties are broken at random.
 * - `policy`: the engine's rule of thumb (`playoutPolicy`), asked about a determinized copy, never the true state.
 *
 * Neither ever reads hidden information: everything they look at is a determinized world or the seat's view.
 */
import { resolveOption } from '../engine/apply.js';
import { copyJson } from '../engine/copy.js';
import { randInt, type RngState } from '../engine/rng.js';
import type { BaseState, Decision, GameEngine, Option, Seat } from '../engine/types.js';
import { candidateOptions, type Choice, type ComputerPlayer } from './player.js';
import { judge, policyPick, seatWorld } from './world.js';

const now = (): number => performance.now();

function owed<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat): Decision {
  const d = engine.decisions(state).find((x) => x.seat === seat);
  if (!d) throw new Error(`ai: seat ${seat} owes no decision`);
  return d;
}

/** The index among `options` of the best one-step result for `seat` in `world` (which it leaves unchanged). */
export function bestStep<S extends BaseState>(engine: GameEngine<S>, world: S, seat: Seat, options: Option[], rng: RngState): number {
  let best: number[] = [];
  let bestValue = -Infinity;
  for (let i = 0; i < options.length; i++) {
    const w = copyJson(world);
    const d = engine.decisions(w).find((x) => x.seat === seat);
    const option = d && resolveOption(d, options[i]!.id);
    if (!option) continue;
    engine.perform(w, seat, option);
    const v = judge(engine, w, seat);
    if (v > bestValue + 1e-12) { bestValue = v; best = [i]; } else if (Math.abs(v - bestValue) <= 1e-12) best.push(i);
  }
  return best.length ? best[randInt(rng, best.length)]! : randInt(rng, options.length);
}

export const greedyPlayer: ComputerPlayer = {
  level: 'greedy',
  choose(engine, state, seat, budget, rng) {
    return this.decide(engine, state, seat, budget, rng).optionId;
  },
  decide(engine, state, seat, _budget, rng): Choice {
    const t0 = now();
    const options = candidateOptions(owed(engine, state, seat));
    if (options.length === 1) return { optionId: options[0]!.id, reason: 'only', iterations: 0, elapsedMs: now() - t0 };
    if (!engine.determinize) return { optionId: options[randInt(rng, options.length)]!.id, reason: 'no-determinize', iterations: 0, elapsedMs: now() - t0 };
    const world = seatWorld(engine, state, seat, rng);
    const i = bestStep(engine, world, seat, options, rng);
    return { optionId: options[i]!.id, reason: 'search', iterations: options.length, elapsedMs: now() - t0 };
  },
};

export const policyPlayer: ComputerPlayer = {
  level: 'policy',
  choose(engine, state, seat, budget, rng) {
    return this.decide(engine, state, seat, budget, rng).optionId;
  },
  decide(engine, state, seat, _budget, rng): Choice {
    const t0 = now();
    const decision = owed(engine, state, seat);
    const options = candidateOptions(decision);
    if (options.length === 1) return { optionId: options[0]!.id, reason: 'only', iterations: 0, elapsedMs: now() - t0 };
    const picked = policyPick(engine, state, seat, decision, options, rng);
    const optionId = picked?.id ?? options[randInt(rng, options.length)]!.id;
    return { optionId, reason: picked ? 'search' : 'random', iterations: 0, elapsedMs: now() - t0 };
  },
};
