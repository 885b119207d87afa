/**
 * The one place a choice is checked and applied. Engines never see an illegal option: legality is
 * membership in what `decisions()` offers.
 */
import type { ApplyResult, BaseState, Decision, GameEngine, GameEvent, Option, Seat } from './types.js';

/** A deep copy. States are JSON by contract, and a JSON round trip is markedly faster than structuredClone here. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function decisionFor<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat): Decision | undefined {
  return engine.decisions(state).find((d) => d.seat === seat);
}

/** The id of a set choice: the items' ids joined by `+`, in the order the decision offers them. */
export function setChoiceId(d: Decision, itemIds: readonly string[]): string {
  return d.options.filter((o) => itemIds.includes(o.id)).map((o) => o.id).join('+');
}

/**
 * The option an id names in a decision: one of its options, or a set of items of one of its `sets` (distinct items
 * of that group, as many as it allows, in any order; handed on in offered order). Undefined when the id names none.
 */
export function resolveOption<P>(d: Decision<P>, optionId: string): Option<P> | undefined {
  const direct = d.options.find((o) => o.id === optionId);
  if (direct || !d.sets || !optionId.includes('+')) return direct;
  const ids = optionId.split('+');
  if (new Set(ids).size !== ids.length) return undefined;
  for (const set of d.sets) {
    const items = d.options.filter((o) => o.group === set.group && !o.role && ids.includes(o.id));
    if (items.length !== ids.length || items.length < set.min || items.length > set.max) continue;
    return { id: items.map((o) => o.id).join('+'), label: { key: 'common.set', args: { items: items.map((o) => o.label) } }, group: set.group, items };
  }
  return undefined;
}

export function apply<S extends BaseState>(engine: GameEngine<S>, state: S, seat: Seat, optionId: string): ApplyResult<S> {
  const owed = engine.decisions(state);
  if (owed.length === 0) return { ok: false, error: { code: 'game_over', msg: { key: 'error.game_over' } } };
  const decision = owed.find((d) => d.seat === seat);
  if (!decision) return { ok: false, error: { code: 'not_your_turn', msg: { key: 'error.not_your_turn' } } };
  const option = resolveOption(decision, optionId);
  if (!option) return { ok: false, error: { code: 'unknown_option', msg: { key: 'error.unknown_option' } } };
  const draft = clone(state);
  const rngBefore = draft.rng.join(',');
  const { events, revealed } = engine.perform(draft, seat, option);
  return { ok: true, state: draft, events, revealed: revealed || draft.rng.join(',') !== rngBefore };
}

/** Replays a game from its seed and choices; throws if any stored choice is not legal any more. */
/**
 * Replays a game from its seed and choices, one step at a time: first the state after setup (no choice, no
 * events), then the state after each choice with its log lines. A choice the engine refuses throws.
 */
export function* replaySteps<S extends BaseState>(
  engine: GameEngine<S>,
  players: number,
  options: Record<string, string>,
  seed: string,
  choices: readonly { seat: Seat; option: string }[],
): Generator<{ state: S; events: GameEvent[]; index: number }> {
  let state = engine.setup(players, options, seed);
  yield { state, events: [], index: -1 };
  for (const [i, c] of choices.entries()) {
    const r = apply(engine, state, c.seat, c.option);
    if (!r.ok) throw new Error(`replay: choice ${i} (${c.seat}:${c.option}) rejected: ${r.error.code}`);
    state = r.state;
    yield { state, events: r.events, index: i };
  }
}

/** What replays a game to a point: its players, options (data and rules version among them), seed and choices. */
export interface ReplayInput {
  players: number;
  options: Record<string, string>;
  seed: string;
  choices: { seat: Seat; option: string }[];
}

/** The spectator's view of a game replayed to a point (the board a table was drawn from, or a player last saw). */
export function viewAfter<S extends BaseState>(engine: GameEngine<S>, at: ReplayInput): unknown {
  return engine.view(replay(engine, at.players, at.options, at.seed, at.choices), null);
}

/** The state after every choice (see `replaySteps`). */
export function replay<S extends BaseState>(
  engine: GameEngine<S>,
  players: number,
  options: Record<string, string>,
  seed: string,
  choices: readonly { seat: Seat; option: string }[],
): S {
  let last!: S;
  for (const step of replaySteps(engine, players, options, seed, choices)) last = step.state;
  return last;
}
