import { describe, expect, it } from 'vitest';
import { engine } from '../../src/games/mammut/engine.js';
import { runContract } from '../helpers/contract.js';
import { invariant } from './invariants.js';

// 1,000 games in four runs of 250 (distinct seeds), so no single test hits the time limit on a busy machine.
describe('Mammut self-play with 5 players: 1,000 random games, invariants after every step', () => {
  for (const part of [0, 1, 2, 3]) {
    it(`games ${part * 250 + 1}–${part * 250 + 250} play to the end`, () => {
      const r = runContract(engine, { players: 5, games: 250, seedPrefix: `mammut${part}` }, invariant);
      expect(r.finished).toBe(250);
    }, 600_000);
  }
});
