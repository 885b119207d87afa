/**
 * Stored games replay: GIVEN the seeded games of option-ids.ts, THEN every step offers the same option ids, in the
 * same order, with the same defaults and sets as the engine before its decisions were made faster (the digests in
 * fixtures/option-ids.json were made at commit c4c9493).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engine } from '../../src/games/endless-winter/index.js';
import { GOLDEN_GAMES, optionDigest } from './option-ids.js';

const golden = JSON.parse(readFileSync(new URL('./fixtures/option-ids.json', import.meta.url), 'utf8')) as { seed: string; digest: string }[];

describe('Endless Winter option ids', () => {
  for (const game of GOLDEN_GAMES) {
    it(`are unchanged along the seeded game ${game.seed} (${game.players} players, options ${JSON.stringify(game.options)})`, () => {
      const want = golden.find((g) => g.seed === game.seed);
      expect(want, 'a digest is stored for this game').toBeDefined();
      expect(optionDigest(engine, game)).toBe(want!.digest);
    });
  }
});
