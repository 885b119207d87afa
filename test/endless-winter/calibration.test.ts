/**
 * Calibration check for the reconstructed values: the heuristic self-play player (ai.ts) must reach winning
 * scores in the range the printed game suggests (the score marker has a "+100" side; we aim at winners of about
 * 60–120 points). Seeded games, no timing. If a data change moves the economy out of that range, this fails.
 */
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../src/engine/selfplay.js';
import { engine } from '../../src/games/endless-winter/index.js';
import { heuristicChooser } from '../../src/games/endless-winter/ai.js';
import type { EwState } from '../../src/games/endless-winter/state.js';

describe('calibration (heuristic self-play)', () => {
  it('mean winning score over fixed seeded games with 2, 3 and 4 players lies within 60–120', () => {
    const winners: number[] = [];
    for (const players of [2, 3, 4]) {
      for (let g = 0; g < 2; g++) {
        const r = playRandom<EwState>(engine, players, {}, `calibration-${players}-${g}`, { maxSteps: 20_000, chooser: heuristicChooser });
        expect(r.finished).toBe(true);
        winners.push(Math.max(...r.outcome!.ranking.map((x) => x.score)));
      }
    }
    const mean = winners.reduce((a, b) => a + b, 0) / winners.length;
    expect(mean).toBeGreaterThanOrEqual(60);
    expect(mean).toBeLessThanOrEqual(120);
  }, 300_000);
});
