/**
 * What a computer player may look at: a determinized world (everything the seat cannot see redrawn), the judgement of
 * a position from such a world, and the rule of thumb's choice asked about such a world, never about the true state.
 */
import { resolveOption } from '../engine/apply.js';
import { copyJson } from '../engine/copy.js';
import type { RngState } from '../engine/rng.js';
import { policyChoice } from '../engine/selfplay.js';
import type { BaseState, Decision, GameEngine, Option, Seat } from '../engine/types.js';
import { viewScoreEvaluator } from './evaluate.js';

/** What `seat` may know of `state`, as a state of its own: a determinized copy (a plain copy when nothing is hidden). */
export function seatWorld<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat, rng: RngState): S {
  const world = engine.determinize!(state, seat, rng);
  return world === state ? copyJson(state) : world;
}

/** How good `state` (a determinized world) looks for `seat`: the outcome, the engine's estimate, else the view's score margin. */
export function judge<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat): number {
  const o = engine.outcome(state);
  if (o) return o.winners.includes(seat) ? 1 / o.winners.length : 0;
  return engine.estimate ? engine.estimate(state, seat) : viewScoreEvaluator(engine, state, seat);
}

/**
 * The rule of thumb's own choice for `seat` (an option of `decision`, or a set choice of it), asked about a
 * determinized copy of `state`; undefined when the engine has none (or no `determinize`) or no opinion.
 */
export function policyPick<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat, decision: Decision, options: Option[], rng: RngState): Option | undefined {
  const policy = engine.playoutPolicy;
  if (!policy || !engine.determinize || options.length < 2) return undefined;
  const world = seatWorld(engine, state, seat, rng);
  const d = engine.decisions(world).find((x) => x.seat === seat) ?? decision;
  const pick = policy.call(engine, world, seat, options.map((o) => o.id), rng, d);
  if (pick === null) return undefined;
  const chosen = policyChoice(d, options, pick, rng);
  // the option as the true state's decision offers it (a set choice resolved there)
  return chosen && resolveOption(decision, chosen.id);
}
