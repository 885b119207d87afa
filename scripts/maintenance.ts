/**
 * `npm run maintenance [-- --vacuum]`: compacts every finished game now and gives free room back to the file
 * system (the bot does this by itself every hour; `--vacuum` forces a full VACUUM). Safe while the bot runs.
 *
 * `npm run maintenance -- --verify-replays`: changes nothing; replays every stored game that started (running,
 * finished, abandoned, compacted) with this code and lists those that differ from their stored state or log lines
 * (see src/ops/verify-replays.ts). Run it with the new code before switching versions; exit code 1 when any differ.
 */
import 'dotenv/config';
import { readConfig } from '../src/config.js';
import '../src/games/all.js';
import { runMaintenance } from '../src/ops/maintenance.js';
import { verifyReplays } from '../src/ops/verify-replays.js';
import { createLogger } from '../src/ops/log.js';
import { openStore } from '../src/store/open.js';

// DATABASE_URL (PostgreSQL) or the SQLite file, as the bot opens it.
const repo = await openStore({ path: readConfig().databasePath });
if (process.argv.includes('--verify-replays')) {
  const r = await verifyReplays(repo);
  for (const d of r.differ) console.log(`game ${d.id} (${d.game}, ${d.status}${d.compacted ? ', compacted' : ''}, rules version ${d.rulesVersion}): ${d.problem}`);
  const statuses = Object.entries(r.byStatus).map(([s, n]) => `${n} ${s}`).join(', ');
  console.log(`Replayed ${r.checked} stored games (${statuses || 'none'}; ${r.compacted} compacted; ${r.undoneChecked} taken-back decisions) in ${r.seconds} s: ${r.differ.length === 0 ? 'none differs.' : r.differ.length === 1 ? '1 differs.' : `${r.differ.length} differ.`}`);
  await repo.close();
  process.exit(r.differ.length ? 1 : 0);
}
const db = repo.sqliteDb;
const log = createLogger();
let total = 0;
for (let first = true; ; first = false) {
  const r = await runMaintenance(repo, log, { batch: 1000, fullVacuum: first && process.argv.includes('--vacuum') });
  total += r.compacted;
  if (!r.compacted) break;
}
console.log(total === 1 ? 'Compacted 1 finished game.' : `Compacted ${total} finished games.`);
if (db) console.log(`The database file holds ${(db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number)} bytes.`);
await repo.close();
