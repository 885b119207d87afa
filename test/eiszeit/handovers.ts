/**
 * Handovers per round of Eiszeit, by rules version (not a test; run by hand):
 *   npx tsx test/eiszeit/handovers.ts [games, default 40] [players, default 4]
 * Seeded random self-play (test/helpers/handovers.ts says what counts as a handover); prints the average per game of
 * the pre-round, each settling round and the glacier choices, for rules version 1 and the current one.
 */
import { countHandovers } from '../helpers/handovers.js';
import { engine } from '../../src/games/eiszeit/index.js';
import { RULES } from '../../src/games/eiszeit/versions.js';

const games = Number(process.argv[2] ?? 40);
const players = Number(process.argv[3] ?? 4);
for (const version of [...new Set([1, RULES.current])]) {
  const r = countHandovers(engine, players, { rulesVersion: String(version) }, games,
    (s) => (s.phase === 'settle' ? `settle ${s.round}` : s.phase === 'pre' ? 'pre-round' : s.phase === 'glacier' ? 'glacier' : 'end'));
  const keys = [...r.byBucket.keys()].sort((a, b) => (a === 'pre-round' ? -1 : b === 'pre-round' ? 1 : a.localeCompare(b)));
  console.log(`rules version ${version}, ${players} players, ${games} games: ` + keys.map((k) => `${k} ${(r.byBucket.get(k)! / games).toFixed(1)}`).join(', '));
}
