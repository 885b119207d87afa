/**
 * GIVEN the catalogues of every game, the bot's and the common one, merged into one formatter per game
 * THEN no key is defined twice: a game's text never silently replaces the bot's or another game's, whichever is
 * merged last. (Endless Winter's keys are not yet prefixed with its id; that is allowed while they do not clash.)
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { botMessages } from '../../src/bot/messages.js';
import { commonMessages } from '../../src/engine/common-messages.js';
import { allGames } from '../../src/games/registry.js';

const keysOf = (c: { en: Record<string, string> }) => Object.keys(c.en);

describe('message keys', () => {
  const catalogues: [string, string[]][] = [
    ['common', keysOf(commonMessages)],
    ['bot', keysOf(botMessages)],
    ...allGames().map((g) => [g.engine.id, keysOf(g.engine.messages)] as [string, string[]]),
  ];

  it('GIVEN every catalogue THEN each key belongs to one only', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, keys] of catalogues) {
      for (const k of keys) {
        const first = owner.get(k);
        if (first) clashes.push(`${k}: ${first} and ${name}`);
        else owner.set(k, name);
      }
    }
    expect(catalogues.length).toBeGreaterThanOrEqual(6);
    expect(clashes).toEqual([]);
  });

  it('GIVEN a game whose keys carry a prefix THEN they all carry its own id', () => {
    for (const g of allGames()) {
      const keys = keysOf(g.engine.messages);
      const prefixed = keys.filter((k) => k.startsWith(`${g.engine.id}.`));
      if (prefixed.length > keys.length / 2) expect(keys.filter((k) => !k.startsWith(`${g.engine.id}.`)), g.engine.id).toEqual([]);
    }
  });
});
