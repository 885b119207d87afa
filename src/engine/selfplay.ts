/** Random legal play through the engine contract: used by tests, `npm run selfplay` and benchmarks. */
import { apply, clone } from './apply.js';
import { randInt, seedRng, type RngState } from './rng.js';
import type { BaseState, GameEngine, GameEvent, LobbyOptions, Outcome, Seat } from './types.js';

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
  /** Chooses an option index; defaults to uniform random. */
  chooser?: (state: S, seat: Seat, optionIds: string[], rng: RngState) => number;
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
    const ids = d.options.map((o) => o.id);
    const idx = opts.chooser ? opts.chooser(state, d.seat, ids, rng) : randInt(rng, ids.length);
    const option = ids[idx]!;
    if (opts.record) choices.push({ seat: d.seat, option });
    steps++;
    if (inPlace) {
      if (steps === 1) state = clone(state);
      engine.perform(state, d.seat, d.options[idx]!);
      continue;
    }
    const r = apply(engine, state, d.seat, option);
    if (!r.ok) throw new Error(`selfplay: offered option ${option} rejected (${r.error.code}) at step ${steps}`);
    opts.onStep?.({ before: state, after: r.state, seat: d.seat, option, events: r.events, step: steps });
    state = r.state;
  }
  return { state, steps, outcome: engine.outcome(state), finished: true, choices };
}
