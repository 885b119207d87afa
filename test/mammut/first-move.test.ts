/**
 * Mammut's computer players on the first move: GIVEN a new game (the middle full, everybody still to take) THEN
 * neither the rule of thumb nor the strong search takes the whole middle (legal, but the next player would simply
 * take that share), and the rule of thumb takes something.
 */
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/engine/rng.js';
import { engine } from '../../src/games/mammut/index.js';
import { strongPlayer } from '../../src/ai/player.js';
import { policyPlayer } from '../../src/ai/simple.js';

describe('Mammut computer players, first move', () => {
  for (const players of [2, 3, 4]) {
    it(`GIVEN a new ${players}-player game THEN no computer takes all the tiles of the middle`, () => {
      for (let g = 0; g < 3; g++) {
        const s = engine.setup(players, {}, `first-move-${players}-${g}`);
        const seat = engine.decisions(s)[0]!.seat;
        expect(engine.decisions(s)[0]!.options.some((o) => o.id === 'mid:all')).toBe(true);
        const policy = policyPlayer.choose(engine, s, seat, {}, seedRng(`p${g}`));
        expect(policy).not.toBe('mid:all');
        expect(policy).toMatch(/^(t|all|rob|play):/);
        expect(strongPlayer().choose(engine, s, seat, { maxIterations: 40 }, seedRng(`s${g}`))).not.toBe('mid:all');
      }
    });
  }
});
