/**
 * States stored before issue #14 (cryptic field names, numbered eclipse steps, the turn's own undo lists) are brought
 * up to date by `engine.upgrade`. The fixture holds one random 3-player game (chosen chiefs and setup cards, ice finds,
 * rest tiles) as seed and choices, with states the old engine saved along it: during setup, in the labour step after
 * food was spent twice (two steps to take back), on a gain decision, in the eclipse, and at a second progress card's
 * discard (one step to take back).
 */
import { oldStates } from '../helpers/builders.js';
import { describe, expect, it } from 'vitest';
import { apply, replaySteps } from '../../src/engine/apply.js';
import { engine } from '../../src/games/endless-winter/index.js';
import type { EwState } from '../../src/games/endless-winter/state.js';

interface Fixture {
  players: number;
  options: Record<string, string>;
  seed: string;
  choices: { seat: number; option: string }[];
  /** State saved by the old engine after choice `index` (0-based). */
  snapshots: Record<string, { index: number; state: EwState }>;
}

const fixture = oldStates<Fixture>(import.meta.url);
const replayed: EwState[] = [...replaySteps(engine, fixture.players, fixture.options, fixture.seed, fixture.choices)].map((x) => x.state).slice(1);
const upgrade = engine.upgrade!;

function step(s: EwState, c: { seat: number; option: string }): EwState {
  const r = apply(engine, s, c.seat, c.option);
  if (!r.ok) throw new Error(`${c.option} rejected: ${r.error.code}`);
  return r.state;
}

describe('upgrade of states stored before issue #14', () => {
  for (const [name, { index, state }] of Object.entries(fixture.snapshots)) {
    it(`GIVEN the old engine's state ${name} (after choice ${index}) THEN upgrade gives the state the current engine reaches, and the game continues identically`, () => {
      const s = upgrade(structuredClone(state));
      expect(s).toEqual(replayed[index]);
      expect(upgrade(s)).toBe(s);
      let a = s;
      for (let i = index + 1; i < fixture.choices.length; i++) {
        a = step(a, fixture.choices[i]!);
        expect(engine.decisions(a)).toEqual(engine.decisions(replayed[i]!));
      }
      expect(a).toEqual(replayed.at(-1));
      expect(engine.outcome(a)).toEqual(engine.outcome(replayed.at(-1)!));
    });
  }

  it('GIVEN an old labour step with food spent twice THEN "back" takes one labour back, then the other, as before', () => {
    const { index, state } = fixture.snapshots.labourUndo!;
    const old = (state as unknown as { t: { seat: number; undo: number[] } }).t;
    expect(old.undo).toHaveLength(2);
    const seat = old.seat;
    let s = upgrade(structuredClone(state));
    const food = s.players[seat]!.food, pool = s.turn!.pool;
    s = step(s, { seat, option: 'back' });
    expect(s).toEqual(step(replayed[index]!, { seat, option: 'back' }));
    expect(s.players[seat]!.food).toBeGreaterThan(food);
    expect(s.turn!.pool).toBeLessThan(pool);
    s = step(s, { seat, option: 'back' });
    expect(engine.decisions(s)[0]!.options.map((o) => o.id)).not.toContain('back');
  });

  it('GIVEN an old discard for a second progress card THEN "back" returns to the choice of progress cards and placements', () => {
    const { state } = fixture.snapshots.progDiscard!;
    const seat = (state as unknown as { t: { seat: number } }).t.seat;
    const s = step(upgrade(structuredClone(state)), { seat, option: 'back' });
    expect(s.turn!.stage).toBe('progress');
    expect(s.turn!.progressCard).toBe(-1);
    expect(engine.decisions(s)[0]!.options.some((o) => o.id.startsWith('go:'))).toBe(true);
  });

  it('GIVEN a current state THEN upgrade returns it unchanged', () => {
    const s = engine.setup(2, {}, 'current');
    expect(upgrade(s)).toBe(s);
  });
});
