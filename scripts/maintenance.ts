/**
 * `npm run maintenance [-- --vacuum]`: compacts every finished game now and gives free room back to the file
 * system (the bot does this by itself every hour; `--vacuum` forces a full VACUUM). Safe while the bot runs.
 */
import 'dotenv/config';
import { readConfig } from '../src/config.js';
import { runMaintenance } from '../src/ops/maintenance.js';
import { createLogger } from '../src/ops/log.js';
import { defaultDatabasePath, openDatabase } from '../src/store/db.js';
import { Repo } from '../src/store/repo.js';

const file = readConfig().databasePath ?? defaultDatabasePath();
const db = openDatabase(file);
const repo = new Repo(db);
const log = createLogger();
let total = 0;
for (let first = true; ; first = false) {
  const r = runMaintenance(db, repo, log, { batch: 1000, fullVacuum: first && process.argv.includes('--vacuum') });
  total += r.compacted;
  if (!r.compacted) break;
}
console.log(`Compacted ${total} finished game(s); the database is ${(db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number)} bytes.`);
db.close();
