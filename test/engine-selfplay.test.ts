import { describe, expect, it } from 'vitest';
import '../src/games/all.js';
import { allGames } from '../src/games/registry.js';
import { playRandom } from '../src/engine/selfplay.js';

describe('self-play in place (for speed) plays exactly the games that copying plays', () => {
  it.each(allGames().map((g) => [g.engine.id, g] as const))('%s', (_id, m) => {
    for (let i = 0; i < 3; i++) {
      const options: Record<string, string> = m.engine.id === 'tal' ? { maxRounds: '6' } : {};
      const copying = playRandom(m.engine, m.engine.minPlayers + 1, options, `same-${i}`, { record: true });
      const inPlace = playRandom(m.engine, m.engine.minPlayers + 1, options, `same-${i}`, { record: true, inPlace: true });
      expect(inPlace.choices).toEqual(copying.choices);
      expect(JSON.stringify(inPlace.state)).toBe(JSON.stringify(copying.state));
    }
  });
});
