import { describe, expect, it } from 'vitest';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { engine } from '../../src/games/eiszeit/index.js';

describe('Eiszeit: the report is only ever replaced whole', () => {
  it('GIVEN seeded random games played on one state THEN no step changes the report it found (the position kept for back shares it)', () => {
    let kept = 0, replaced = 0;
    for (const players of [3, 4, 5]) for (let g = 0; g < 4; g++) {
      const rng = seedRng(`whole-only-${players}-${g}`);
      const s = engine.setup(players, {}, `whole-only-${players}-${g}`);
      for (let step = 0; step < 5000; step++) {
        const owed = engine.decisions(s);
        if (owed.length === 0) break;
        const d = owed[randInt(rng, owed.length)]!;
        const report = s.report, text = JSON.stringify(report);
        engine.perform(s, d.seat, d.options[randInt(rng, d.options.length)]!);
        // the report a step found is unchanged after it, whether the state still holds it or a new one
        expect(JSON.stringify(report)).toBe(text);
        if (s.report === report) kept++; else replaced++;
      }
    }
    expect(replaced).toBeGreaterThan(20);
    expect(kept).toBeGreaterThan(1000);
  });
});
