/**
 * States stored by the code before the state's fields had readable names (commit 646b556; test/mammut/fixtures/old-states.json,
 * written by that code: a game's seed and choices, the state after some of them, and a digest of what the rest of
 * the game showed) still load: `upgrade` brings them to the current shape, and the game goes on identically.
 */
import { createHash } from 'node:crypto';
import { oldStates } from '../helpers/builders.js';
import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../src/engine/apply.js';
import { engine } from '../../src/games/mammut/index.js';
import type { MammutState } from '../../src/games/mammut/state.js';

interface Saved {
  kind: string;
  players: number;
  seed: string;
  at: number;
  choices: { seat: number; option: string }[];
  state: MammutState;
  continuation: string;
}
const saved = oldStates<Saved[]>(import.meta.url);

describe('upgrading states saved by the earlier code', () => {
  it('GIVEN the saved states THEN they cover every action under way, the animal choices and a set of tiles put back', () => {
    expect(saved.map((f) => f.kind).sort()).toEqual(['animal', 'flip', 'peek', 'rob', 'rob-multi', 'send', 'take']);
  });

  it.each(saved.map((f) => [f.kind, f] as const))('GIVEN a state saved during %s THEN it upgrades to the state the current code reaches, and the game goes on identically', (_kind, f) => {
    const up = engine.upgrade!(f.state);
    expect(up).toEqual(replay(engine, f.players, {}, f.seed, f.choices.slice(0, f.at)));
    expect(engine.upgrade!(up), 'a current state is left as it is').toBe(up);
    const h = createHash('sha256');
    let s = up;
    for (const c of f.choices.slice(f.at)) {
      const r = apply(engine, s, c.seat, c.option);
      expect(r.ok, `${c.seat}:${c.option}`).toBe(true);
      if (!r.ok) return;
      h.update(JSON.stringify([c, r.events, engine.view(r.state, null)]));
      s = r.state;
    }
    h.update(JSON.stringify(engine.outcome(s)));
    expect(h.digest('hex')).toBe(f.continuation);
  });

  it('GIVEN a saved state in the middle of an action THEN its last step can be taken back', () => {
    for (const f of saved.filter((x) => ['take', 'peek', 'flip', 'send', 'rob'].includes(x.kind))) {
      const up = engine.upgrade!(f.state);
      const seat = engine.decisions(up)[0]!.seat;
      const r = apply(engine, up, seat, 'back');
      expect(r.ok, f.kind).toBe(true);
      if (!r.ok) return;
      const before = f.state.pending as { steps?: unknown[]; picks?: unknown[] };
      const steps = before.steps ?? before.picks ?? [];
      // with no step left the action is left altogether; else one step less
      if (steps.length === 0) expect(r.state.pending, f.kind).toBeNull();
      else expect((r.state.pending as { picks: number[] }).picks.length, f.kind).toBeLessThan(steps.flat().length);
    }
  });
});
