/**
 * `npm run restore -- <backup file>`: puts a backup in place of the database. Refuses while the bot runs (stop it
 * first); keeps the database it replaces as `<database>.before-restore`. Migrations run at the next start.
 */
import 'dotenv/config';
import { readConfig } from '../src/config.js';
import { BackupError, restoreFrom } from '../src/ops/backup.js';
import { defaultDatabasePath } from '../src/store/db.js';

const backup = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!backup) {
  console.error('Usage: npm run restore -- <backup file>   (backups are in BACKUP_DIR, by default backups/ next to the database)');
  process.exit(2);
}
const file = readConfig().databasePath ?? defaultDatabasePath();
try {
  const { replaced } = restoreFrom(backup, file);
  console.log(`Restored ${backup} to ${file}.${replaced ? ` The previous database is kept as ${replaced}.` : ''} Start Campfire with \`npm start\`.`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Not restored: ${err.message}.`);
  process.exit(1);
}
