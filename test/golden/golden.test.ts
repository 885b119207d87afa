/**
 * Golden replays: every recorded game under `test/golden/<game>/` replays with today's code exactly, step by step:
 * the same state, the same public and private log lines, the same end. A failure names the game, the recording, the
 * step and the rules version: a change that alters a stored game's course must ship as a new rules version (see
 * docs/decisions.md, "Changing a game"), and each rules version adds its own recordings (`npm run golden:record`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_FORMAT } from '../../src/engine/golden.js';
import { FIRST_RULES_VERSION, RULES_VERSION_OPTION } from '../../src/engine/rules-versions.js';
import { allGames } from '../../src/games/all.js';
import { goldenFailure, goldenFiles } from './corpus.js';

for (const m of allGames()) {
  const engine = m.engine;
  const files = goldenFiles(engine.id);

  describe(`golden replays of ${engine.name}`, () => {
    it.each(files.map((f) => [path.basename(f.file), f] as const))('GIVEN %s THEN today\'s code replays it step by step', (_name, f) => {
      expect(f.rec.format).toBe(GOLDEN_FORMAT);
      expect(f.rec.options[RULES_VERSION_OPTION], `${f.file}: options.rulesVersion`).toBe(String(f.rec.rulesVersion));
      const failure = goldenFailure(f);
      if (failure) throw new Error(failure);
    });

    it('GIVEN the corpus THEN every registered rules version has its own recordings: every player count, every lobby option value, finished and stopped games, undos', () => {
      const versions = engine.rulesVersions?.versions() ?? [FIRST_RULES_VERSION];
      expect(files.length, `${engine.id}: recordings`).toBeGreaterThanOrEqual(20);
      for (const v of versions) {
        const recs = files.map((f) => f.rec).filter((r) => r.rulesVersion === v);
        const add = `(npm run golden:record -- --game ${engine.id} --rules ${v})`;
        const seen = (what: string, have: boolean) => expect(have, `${engine.id} rules version ${v}: ${what} ${add}`).toBe(true);
        for (let n = engine.minPlayers; n <= engine.maxPlayers; n++) seen(`a recording with ${n} players`, recs.some((r) => r.players === n));
        for (const o of engine.lobbyOptions) {
          for (const c of o.choices) seen(`a recording with ${o.id}=${c.value}`, recs.some((r) => r.options[o.id] === c.value));
        }
        seen('a finished recording', recs.some((r) => r.end === 'finished'));
        seen('a recording stopped mid-game', recs.some((r) => r.end === 'stopped'));
        seen('a recording with an undo', recs.some((r) => r.steps.some((s) => s.startsWith('undo'))));
      }
    });
  });
}
