import { describe, expect, it } from 'vitest';
import { engine } from '../../src/games/mammut/engine.js';
import { runContract } from '../helpers/contract.js';
import { invariant } from './invariants.js';

describe('Mammut self-play with 3 players', () => {
  it('plays 1,000 random games to the end with every invariant after every step', () => {
    const r = runContract(engine, { players: 3, games: 1000, seedPrefix: 'mammut' }, invariant);
    expect(r.finished).toBe(1000);
  });
});
