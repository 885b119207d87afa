import { describe, expect, it } from 'vitest';
import { engine } from '../../src/games/endless-winter/engine.js';
import { runContract } from '../helpers/contract.js';
import { checkInvariants } from './invariants.js';

// 300 random games at this player count, in three groups of options; the generous timeout is for a busy machine.
const runs: { name: string; options: Record<string, string> }[] = [
  { name: 'base game', options: {} },
  { name: 'chosen chiefs and setup cards, ice finds, rest tiles', options: { setup: 'both', ice: 'yes', rest: 'yes' } },
  { name: 'chosen setup cards, short game, majority terrain', options: { setup: 'cards', short: 'yes', majority: 'yes' } },
];

describe('Endless Winter self-play, 3 players', () => {
  for (const r of runs) {
    it(`GIVEN 100 random games (${r.name}) THEN every game ends and the contract and invariants hold after every step`, () => {
      const res = runContract(engine, { players: 3, games: 100, options: r.options, seedPrefix: r.name.slice(0, 12), maxSteps: 20_000 }, checkInvariants);
      expect(res.finished).toBe(100);
    }, 900_000);
  }
});
