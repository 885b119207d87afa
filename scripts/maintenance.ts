/**
 * `npm run maintenance [-- --vacuum]`: compacts every finished game now and gives free room back to the file
 * system (the bot does this by itself every hour; `--vacuum` forces a full VACUUM). Safe while the bot runs.
 */
import 'dotenv/config';
import { readConfig } from '../src/config.js';
import { runMaintenance } from '../src/ops/maintenance.js';
import { createLogger } from '../src/ops/log.js';
import { openStore } from '../src/store/open.js';

// DATABASE_URL (PostgreSQL) or the SQLite file, as the bot opens it.
const repo = await openStore({ path: readConfig().databasePath });
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
