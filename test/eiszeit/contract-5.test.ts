/** Self-play through the shared contract: 5 players, random legal choices, invariants after every step. */
import { describe, expect, it } from 'vitest';
import { engine } from '../../src/games/eiszeit/engine.js';
import { runContract } from '../helpers/contract.js';
import { checkInvariants } from './invariants.js';

const GAMES = Number(process.env.EISZEIT_GAMES ?? 500);

describe('GIVEN 5 players playing random legal choices', () => {
  it(`THEN ${GAMES} games finish with every invariant holding`, () => {
    const r = runContract(engine, { players: 5, games: GAMES, seedPrefix: 'eiszeit' }, checkInvariants);
    expect(r.finished).toBe(GAMES);
  }, 1_800_000);
});
