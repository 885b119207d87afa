/**
 * `npm run backup`: a backup of the database now (also while the bot runs), into BACKUP_DIR (default: `backups/`
 * next to the database), checked and written atomically; keeps the newest BACKUP_KEEP.
 */
import 'dotenv/config';
import Database from 'better-sqlite3';
import path from 'node:path';
import { readConfig } from '../src/config.js';
import { backupTo } from '../src/ops/backup.js';
import { defaultDatabasePath } from '../src/store/db.js';

const config = readConfig();
const file = config.databasePath ?? defaultDatabasePath();
let db: Database.Database;
try {
  db = new Database(file, { fileMustExist: true });
} catch (err) {
  console.error(`Cannot open the database ${file}: ${(err as Error).message}`);
  process.exit(3);
}
db.pragma('busy_timeout = 5000');
try {
  const out = await backupTo(db, config.backupDir ?? path.join(path.dirname(path.resolve(file)), 'backups'), { keep: config.backupKeep });
  console.log(`Backup written and checked: ${out}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
} finally {
  db.close();
}
