/**
 * Every registered game besides Mammut is played whole through the real bot and the stand-in, each in its own file
 * (`game-<id>.test.ts`, via `whole-game.ts`) so the games run in parallel. This checks that none is left out.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { allGames } from '../../src/games/registry.js';

describe('other games through Discord', () => {
  it('has a whole-game test file for every registered game', () => {
    const games = allGames().filter((g) => g.engine.id !== 'mammut').map((g) => g.engine.id);
    const missing = games.filter((g) => !existsSync(fileURLToPath(new URL(`./game-${g}.test.ts`, import.meta.url))));
    expect(missing).toEqual([]);
  });
});
