/**
 * `npm run ratings:rebuild [-- --db path/to/campfire.db]`
 * Throws away every rating and computes them again from the stored final placings, game by game in the order the
 * games finished (games finished before placings were stored get theirs from their saved final state). The
 * numbers equal those the finished games gave one by one; run it after a change of the rating rules. Stop the
 * bot first (or run it while it is idle: the rebuild is one write transaction).
 */
import '../src/games/all.js';
import { Campfire } from '../src/service/index.js';
import { defaultDatabasePath, openDatabase } from '../src/store/db.js';
import { Repo } from '../src/store/repo.js';
import { parseArgs } from './args.js';

const args = parseArgs();
const file = typeof args.db === 'string' ? args.db : defaultDatabasePath();
const db = openDatabase(file);
const r = await new Campfire(Repo.sqlite(db)).ratings.rebuild();
db.close();
if (!r.ok) {
  console.error(`rebuild failed: ${r.error}`);
  process.exit(1);
}
console.log(`${file}: ${r.value.games} finished games rated, ${r.value.ratings} ratings (per player, game and scope).`);
