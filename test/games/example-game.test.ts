/**
 * The example game of docs/new-game.md (the toy game, `test/helpers/toy-game.ts`) under the same engine contract as
 * the four shipped games (`test/helpers/contract.ts`): well-formed decisions, no mutation of its input, exact
 * replay, both languages, an outcome exactly at the end, at every player count it allows.
 */
import { describe, expect, it } from 'vitest';
import { runContract } from '../helpers/contract.js';
import { toy } from '../helpers/toy-game.js';

describe('the example game under the engine contract', () => {
  const { engine } = toy;
  for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) {
    it(`GIVEN ${players} players and random legal play THEN every game ends and every step keeps the contract`, () => {
      expect(runContract(engine, { players, games: 20, seedPrefix: 'example' }).finished).toBe(20);
    });
  }

  it('GIVEN the one-round variant of its lobby options THEN it too keeps the contract', () => {
    expect(runContract(engine, { players: 3, games: 10, options: { rounds: '1' }, seedPrefix: 'example-short' }).finished).toBe(10);
  });
});
