/**
 * GIVEN the catalogues of every game, the bot's and the common one, merged into one formatter per game
 * THEN no key is defined twice: a game's text never silently replaces the bot's or another game's, whichever is
 * merged last. Every game's keys start with its id; keys a game used before a rename (`messages.aliases`, still found
 * in stored log lines) are never defined by a catalogue, so an old log line cannot come out in another's words.
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

  it('GIVEN every game THEN each of its keys starts with its id', () => {
    for (const g of allGames()) {
      const keys = [...keysOf(g.engine.messages), ...Object.keys(g.engine.messages.de)];
      expect(keys.filter((k) => !k.startsWith(`${g.engine.id}.`)), g.engine.id).toEqual([]);
    }
  });

  it('GIVEN the keys a game stored before a rename THEN no catalogue defines them, and each leads to a key of the same game in both languages', () => {
    const defined = new Set(catalogues.flatMap(([, keys]) => keys));
    for (const g of allGames()) {
      const aliases = Object.entries(g.engine.messages.aliases ?? {});
      expect(aliases.filter(([old]) => defined.has(old)).map(([old]) => old), g.engine.id).toEqual([]);
      expect(aliases.filter(([, now]) => !(now in g.engine.messages.en) || !(now in g.engine.messages.de)).map(([old]) => old), g.engine.id).toEqual([]);
    }
  });
});
