/**
 * A rule changed under a new rules version never alters a game in progress: for every game whose newest rules version
 * is above 1, the proof of `prove-rules-versions.ts` over its golden recordings (games recorded before the change
 * replay identically, continue under their old rules through the service, and new games get the new rules).
 * The same proof runs on a toy game with two rules versions in test/engine/rules-versions.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { allGames } from '../../src/games/all.js';
import { testStore, type TestStore } from '../helpers/stores.js';
import { goldenFiles } from './corpus.js';
import { proveRulesVersions } from './prove-rules-versions.js';

const opened: TestStore[] = [];
afterEach(async () => { while (opened.length) await opened.pop()!.drop(); });

const changed = allGames().filter((m) => (m.engine.rulesVersions?.current ?? 1) > 1);

describe('games with more than one rules version', () => {
  it.each(changed.map((m) => [m.engine.name, m] as const))('GIVEN %s THEN its games recorded under older rules replay and play on by them, and new games get the newest', async (_name, m) => {
    const t = await testStore('sqlite');
    opened.push(t);
    await proveRulesVersions(m, goldenFiles(m.engine.id).map((f) => f.rec), t.repo);
  });

  it.skipIf(changed.length > 0)('GIVEN no game with a second rules version yet THEN there is nothing to prove on a real game (the toy game proves the mechanism)', () => {
    expect(changed).toEqual([]);
  });
});
