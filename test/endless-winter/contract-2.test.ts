import { describe, expect, it } from 'vitest';
import { engine } from '../../src/games/endless-winter/engine.js';
import { runContract } from '../helpers/contract.js';
import { checkInvariants } from './invariants.js';

describe('Endless Winter self-play, 2 players', () => {
  it('GIVEN 300 random games (base, chosen chiefs + modules, chosen setup cards + short + majority) THEN the contract and invariants hold after every step', () => {
    const runs: { options: Record<string, string>; seedPrefix: string }[] = [
      { options: {}, seedPrefix: 'base' },
      { options: { setup: 'both', ice: 'yes', rest: 'yes' }, seedPrefix: 'modules' },
      { options: { setup: 'cards', short: 'yes', majority: 'yes' }, seedPrefix: 'variants' },
    ];
    for (const r of runs) {
      const res = runContract(engine, { players: 2, games: 100, options: r.options, seedPrefix: r.seedPrefix, maxSteps: 20_000 }, checkInvariants);
      expect(res.finished, `${r.seedPrefix}: every game ends`).toBe(100);
    }
  });
});
