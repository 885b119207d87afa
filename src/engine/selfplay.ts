/** Random legal play through the engine contract: used by tests, `npm run selfplay` and benchmarks. */
import { apply, resolveOption } from './apply.js';
import { copyJson } from './copy.js';
import { randInt, seedRng, type RngState } from './rng.js';
import type { BaseState, Decision, GameEngine, GameEvent, LobbyOptions, Option, Outcome, Seat } from './types.js';

/**
 * The options a computer player, and so an engine's `playoutPolicy`, may choose from (the set the `playoutPolicy`
 * contract in `types.ts` names): every option of the decision except `back`, in the offered order (stepping back
 * inside a compound action is pointless for them); all of them when nothing but `back` is offered.
 */
export function policyOptions(decision: Decision): Option[] {
  const forward = decision.options.filter((o) => o.role !== 'back');
  return forward.length > 0 ? forward : decision.options;
}

/**
 * The option a `playoutPolicy` answer names among `allowed` (`policyOptions(decision)`): the index, the set choice
 * whose id it returned, or for null (no opinion) one at random. Undefined when the answer names none of them.
 */
export function policyChoice(decision: Decision, allowed: Option[], pick: number | string | null, rng: RngState): Option | undefined {
  if (pick === null) return allowed[randInt(rng, allowed.length)];
  if (typeof pick === 'number') return allowed[pick];
  const option = resolveOption(decision, pick);
  return option && (option.items || allowed.includes(option)) ? option : undefined;
}

export interface StepInfo<S> {
  before: S;
  after: S;
  seat: Seat;
  option: string;
  events: GameEvent[];
  step: number;
}

export interface PlayResult<S> {
  state: S;
  steps: number;
  outcome: Outcome | null;
  /** True when the game ended by itself (not cut by maxSteps). */
  finished: boolean;
  choices: { seat: Seat; option: string }[];
}

export interface PlayOptions<S> {
  maxSteps?: number;
  /** Called after every applied step (for invariant checks). */
  onStep?: (info: StepInfo<S>) => void;
  /**
   * Chooses an option index among all the options offered, `back` included (scripted tests walk back with it);
   * defaults to uniform random.
   */
  chooser?: (state: S, seat: Seat, optionIds: string[], rng: RngState) => number;
  /**
   * Chooses like an engine's `playoutPolicy` (and is usually one: `npm run selfplay -- --chooser policy`): it gets
   * the ids of `policyOptions(decision)` and returns an index into them, a set choice's id or null (see
   * `policyChoice`); a single option is taken without asking. Used instead of `chooser`. An answer naming no option
   * is an error (thrown), since a policy must never make one.
   */
  policy?: (state: S, seat: Seat, optionIds: string[], rng: RngState, decision?: Decision) => number | string | null;
  /** Keep the list of choices made (for replay tests). */
  record?: boolean;
  /**
   * Play on one private copy, changing it in place instead of copying the state at every step (as computer
   * players' playouts do); only for speed measurements and search. `onStep` is not called in this mode.
   */
  inPlace?: boolean;
}

export function playRandom<S extends BaseState>(
  engine: GameEngine<S>,
  players: number,
  options: LobbyOptions,
  seed: string,
  opts: PlayOptions<S> = {},
): PlayResult<S> {
  const maxSteps = opts.maxSteps ?? 100_000;
  const rng = seedRng(`choices:${seed}`);
  let state = engine.setup(players, options, seed);
  const inPlace = !!opts.inPlace;
  const choices: { seat: Seat; option: string }[] = [];
  let steps = 0;
  for (;;) {
    const owed = engine.decisions(state);
    if (owed.length === 0) break;
    if (steps >= maxSteps) return { state, steps, outcome: null, finished: false, choices };
    const d = owed[randInt(rng, owed.length)]!;
    let chosen: Option;
    if (opts.policy) {
      const allowed = policyOptions(d);
      const k = allowed.length === 1 ? 0 : opts.policy(state, d.seat, allowed.map((o) => o.id), rng, d);
      const picked = policyChoice(d, allowed, k, rng);
      if (!picked) throw new Error(`selfplay: the policy chose ${k} of ${allowed.length} options at step ${steps + 1}`);
      chosen = picked;
    } else {
      chosen = d.options[opts.chooser ? opts.chooser(state, d.seat, d.options.map((o) => o.id), rng) : randInt(rng, d.options.length)]!;
    }
    const option = chosen.id;
    if (opts.record) choices.push({ seat: d.seat, option });
    steps++;
    if (inPlace) {
      if (steps === 1) state = copyJson(state); // (setup's state may share parts with the game's data)
      engine.perform(state, d.seat, chosen);
      continue;
    }
    const r = apply(engine, state, d.seat, option);
    if (!r.ok) throw new Error(`selfplay: offered option ${option} rejected (${r.error.code}) at step ${steps}`);
    opts.onStep?.({ before: state, after: r.state, seat: d.seat, option, events: r.events, step: steps });
    state = r.state;
  }
  return { state, steps, outcome: engine.outcome(state), finished: true, choices };
}
