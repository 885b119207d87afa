/**
 * States stored by the engine before its state's names were spelt out (`fixtures/old-states.json`, saved by the code
 * of commit 646b556: one state for every kind of choice under way, with the game's seed and choices so far and the
 * next 60 random choices with their events) come back, through `upgrade`, as today's engine would have them, and
 * the game goes on exactly as it went on then.
 */
import { oldStates } from '../helpers/builders.js';
import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../src/engine/apply.js';
import type { GameEvent, LobbyOptions } from '../../src/engine/types.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import type { TalState } from '../../src/games/tal/state.js';

interface Saved {
  kind: string;
  players: number;
  options: LobbyOptions;
  seed: string;
  choices: { seat: number; option: string }[];
  state: unknown;
  next: { seat: number; option: string; events: GameEvent[] }[];
}

const saved = oldStates<Saved[]>(import.meta.url);

describe('Tal: states stored before the state names were spelt out', () => {
  it('GIVEN the saved states THEN they cover every kind of choice under way', () => {
    expect(saved.map((x) => x.kind).sort()).toEqual([
      'combat-conquest', 'combat-fightLoss', 'combat-loss', 'combat-order', 'move-card-fence', 'move-card-stranger_m', 'move-card-stranger_w',
      'move-from', 'move-m', 'move-to', 'move-to-auto', 'setup-cultivate', 'survival-leaving',
    ]);
  });

  for (const x of saved) {
    it(`GIVEN a state saved during ${x.kind} WHEN upgraded THEN it is the state today's engine reaches, and the game goes on as it did`, () => {
      const upgraded = talEngine.upgrade!(structuredClone(x.state) as TalState);
      expect(talEngine.upgrade!(upgraded)).toBe(upgraded);
      const today = replay(talEngine, x.players, x.options, x.seed, x.choices);
      expect(upgraded).toEqual(today);
      let s = upgraded;
      for (const [i, step] of x.next.entries()) {
        const r = apply(talEngine, s, step.seat, step.option);
        if (!r.ok) throw new Error(`choice ${i} (${step.option}) rejected: ${r.error.code}`);
        expect(r.events).toEqual(step.events);
        s = r.state;
      }
    });
  }
});
