import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../src/engine/apply.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { engine } from '../../src/games/mammut/index.js';

describe('determinism', () => {
  it('GIVEN a recorded game THEN replaying its seed and choices reproduces the state byte for byte', () => {
    for (const n of [2, 3, 4, 5]) {
      const r = playRandom(engine, n, {}, `replay-${n}`, { record: true });
      expect(r.finished).toBe(true);
      const again = replay(engine, n, {}, `replay-${n}`, r.choices);
      expect(JSON.stringify(again)).toBe(JSON.stringify(r.state));
    }
  });
  it('GIVEN any step THEN apply leaves its input untouched', () => {
    let checked = 0;
    playRandom(engine, 4, {}, 'no-mutation', {
      onStep: ({ before, seat, option }) => {
        const snapshot = JSON.stringify(before);
        const r = apply(engine, before, seat, option);
        expect(r.ok).toBe(true);
        expect(JSON.stringify(before)).toBe(snapshot);
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(20);
  });
  it('GIVEN an option that is not offered THEN apply refuses it and nothing changes', () => {
    const s = engine.setup(3, {}, 'refuse');
    const snapshot = JSON.stringify(s);
    const seat = engine.decisions(s)[0]!.seat;
    const r = apply(engine, s, seat, 'rob:1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('unknown_option');
    const other = apply(engine, s, (seat + 1) % 3, 't:axe');
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.code).toBe('not_your_turn');
    expect(JSON.stringify(s)).toBe(snapshot);
  });
  it('GIVEN the default option at every step THEN the game still plays to the end (absent players)', () => {
    for (const n of [2, 3, 4, 5]) {
      let s = engine.setup(n, {}, `defaults-${n}`);
      let steps = 0;
      for (;;) {
        const d = engine.decisions(s)[0];
        if (!d) break;
        const r = apply(engine, s, d.seat, d.defaultOption);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        s = r.state;
        expect(++steps).toBeLessThan(5000);
      }
      expect(engine.outcome(s)).not.toBeNull();
    }
  });
});
