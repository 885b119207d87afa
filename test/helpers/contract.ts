/**
 * Contract checks every engine must pass, shared by the games' test files:
 * well-formed decisions, no mutation of the input, replay from seed + choices, messages in both languages,
 * JSON-serialisable states and views, an outcome exactly when no decision is owed.
 */
import { expect } from 'vitest';
import { apply, replay } from '../../src/engine/apply.js';
import { commonMessages } from '../../src/engine/common-messages.js';
import { keysOf } from '../../src/engine/i18n.js';
import { playRandom } from '../../src/engine/selfplay.js';
import type { BaseState, GameEngine, LobbyOptions, Msg } from '../../src/engine/types.js';

const ID_RE = /^[A-Za-z0-9_.:+-]{1,40}$/;

export function checkDecisionsWellFormed<S extends BaseState>(engine: GameEngine<S>, state: S): void {
  const owed = engine.decisions(state);
  const seats = owed.map((d) => d.seat);
  expect(new Set(seats).size, 'one decision per seat at most').toBe(seats.length);
  for (const d of owed) {
    expect(d.options.length, `seat ${d.seat} has options`).toBeGreaterThan(0);
    const ids = d.options.map((o) => o.id);
    expect(new Set(ids).size, `option ids unique: ${ids.join(' ')}`).toBe(ids.length);
    const bad = ids.filter((id) => !ID_RE.test(id));
    if (bad.length) expect(bad, 'option ids of the allowed form').toEqual([]);
    expect(ids, 'default option is offered').toContain(d.defaultOption);
    for (const set of d.sets ?? []) {
      // a set choice (multi-select): its items exist, never carry `+` (the joiner), and min..max is a sane range
      const items = d.options.filter((o) => o.group === set.group && !o.role);
      expect(set.min >= 1 && set.min <= set.max, `set ${set.group}: 1 <= min <= max`).toBe(true);
      expect(items.length, `set ${set.group}: at least min items`).toBeGreaterThanOrEqual(set.min);
      expect(items.filter((o) => o.id.includes('+')), `set ${set.group}: item ids without +`).toEqual([]);
    }
  }
  if (owed.length === 0) expect(engine.outcome(state), 'outcome when nothing is owed').not.toBeNull();
  else expect(engine.outcome(state), 'no outcome while decisions are owed').toBeNull();
}

/** Collects every message key the game shows, for the catalogue check. */
export function collectKeys<S extends BaseState>(engine: GameEngine<S>, state: S, into: Set<string>): void {
  for (const d of engine.decisions(state)) {
    keysOf(d.prompt, into);
    for (const o of d.options) {
      keysOf(o.label, into);
      if (o.detail) keysOf(o.detail, into);
      if (o.group) into.add(o.group);
    }
  }
}

export function expectKeysTranslated(engine: GameEngine<any>, keys: Set<string>): void {
  const en = { ...commonMessages.en, ...engine.messages.en };
  const de = { ...commonMessages.de, ...engine.messages.de };
  const missingEn = [...keys].filter((k) => !(k in en));
  const missingDe = [...keys].filter((k) => !(k in de));
  expect(missingEn, 'English texts missing').toEqual([]);
  expect(missingDe, 'German texts missing').toEqual([]);
}

export interface ContractRun {
  players: number;
  options?: LobbyOptions;
  games: number;
  seedPrefix?: string;
  maxSteps?: number;
}

/**
 * Plays `games` random games and checks the contract after every step; every `checkEvery`-th step also
 * checks that apply did not mutate its input (deep compare) and that views serialise.
 */
export function runContract<S extends BaseState>(engine: GameEngine<S>, run: ContractRun, invariant?: (s: S) => void): { finished: number; steps: number } {
  const keys = new Set<string>();
  let finished = 0;
  let steps = 0;
  for (let g = 0; g < run.games; g++) {
    const seed = `${run.seedPrefix ?? 'contract'}-${run.players}-${g}`;
    const record = g < 3;
    const result = playRandom(engine, run.players, run.options ?? {}, seed, {
      maxSteps: run.maxSteps,
      record,
      onStep: ({ before, after, seat, option, events, step }) => {
        if (g < 3 || step % 50 === 0) {
          const snapshot = JSON.stringify(before);
          const again = apply(engine, before, seat, option);
          expect(JSON.stringify(before), 'apply must not mutate its input').toBe(snapshot);
          expect(again.ok && JSON.stringify(again.state) === JSON.stringify(after), 'apply is deterministic').toBe(true);
          for (let s = -1; s < run.players; s++) JSON.stringify(engine.view(after, s < 0 ? null : s));
        }
        for (const e of events) keysOf(e.msg as Msg, keys);
        checkDecisionsWellFormed(engine, after);
        collectKeys(engine, after, keys);
        invariant?.(after);
      },
    });
    steps += result.steps;
    if (result.finished) {
      finished++;
      const o = result.outcome!;
      expect(o.ranking.map((r) => r.seat).sort()).toEqual([...Array(run.players).keys()]);
      if (o.tieBreak) keysOf(o.tieBreak, keys);
      for (const m of o.summary ?? []) keysOf(m, keys);
    }
    if (record) {
      const again = replay(engine, run.players, run.options ?? {}, seed, result.choices);
      expect(JSON.stringify(again), 'replay from seed and choices reproduces the state').toBe(JSON.stringify(result.state));
    }
  }
  expectKeysTranslated(engine, keys);
  return { finished, steps };
}
