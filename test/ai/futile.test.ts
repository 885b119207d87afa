/**
 * Options that only bring an earlier position back (`Option.futile`) are never a computer's choice while another
 * exists: Mammut's rob of a one-tile share (the tile goes straight back to the middle) let a searching computer and a
 * rule of thumb that takes single tiles go round without end (a production-budget match that never finished).
 */
import { describe, expect, it } from 'vitest';
import { aiRng, strongPlayer } from '../../src/ai/index.js';
import { apply } from '../../src/engine/apply.js';
import { seedRng } from '../../src/engine/rng.js';
import { engine } from '../../src/games/mammut/index.js';
import { mammutPolicy } from '../../src/games/mammut/ai.js';
import type { MammutState } from '../../src/games/mammut/state.js';
import { zones } from '../../src/games/mammut/board.js';

/** Two players; seat 1 has just taken one tile from the middle, so seat 0 may rob that one-tile share. */
function oneTileShare(seed: string): MammutState {
  let s = engine.setup(2, {}, seed);
  const d = engine.decisions(s)[0]!;
  const r = apply(engine, s, d.seat, d.options.find((o) => o.id.startsWith('t:'))!.id);
  if (!r.ok) throw new Error(r.error.code);
  s = r.state;
  return s;
}

describe('GIVEN a Mammut share of one tile', () => {
  it('THEN robbing it is marked futile (it returns the position), robbing a larger share is not', () => {
    const s = oneTileShare('futile-mark');
    const d = engine.decisions(s)[0]!;
    const robs = d.options.filter((o) => o.id.startsWith('rob:'));
    expect(robs.length).toBeGreaterThan(0);
    expect(robs.every((o) => o.futile === true)).toBe(true);
    expect(d.options.filter((o) => !o.id.startsWith('rob:')).some((o) => o.futile)).toBe(false);
  });

  it('THEN neither the strong player nor the rule of thumb robs it, even when the search would judge it best', () => {
    // A judge that likes nothing better than seat 1 without a share: what robbing it gives at once.
    const denial = (_e: unknown, st: MammutState, seat: number) => (seat === 0 && zones(st).shares[1]!.every((l) => l.length === 0) ? 1 : 0);
    for (let i = 0; i < 10; i++) {
      const s = oneTileShare(`futile-${i}`);
      const d = engine.decisions(s)[0]!;
      const choice = strongPlayer({ evaluate: denial }).decide(engine, s, d.seat, { maxIterations: 400, maxPlayoutSteps: 0 }, aiRng(`futile-${i}`));
      expect(choice.optionId.startsWith('rob:'), `seed futile-${i}: ${choice.optionId}`).toBe(false);
      const ids = d.options.filter((o) => o.role !== 'back').map((o) => o.id);
      const pick = mammutPolicy(s, d.seat, ids, seedRng(`p-${i}`), (x) => engine.decisions(x), d);
      expect(typeof pick === 'number' && ids[pick]!.startsWith('rob:'), `policy, seed futile-${i}`).toBe(false);
    }
  });
});
