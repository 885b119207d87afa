/**
 * The SQLite database: opened with WAL, migrated at start from the numbered files in `migrations/sqlite/`
 * (all pending ones in one transaction, recorded in `PRAGMA user_version`). A database newer than the
 * code is refused rather than damaged.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = Database.Database;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/sqlite/', import.meta.url));
export const PG_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/postgres/', import.meta.url));

export interface Migration { version: number; name: string; sql: string }

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const list = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(path.join(dir, f), 'utf8') }));
  list.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migrations must be numbered 001, 002, … without gaps; found ${m.name}`);
  });
  return list;
}

export class DatabaseTooNewError extends Error {}

/** Applies every migration above the database's user_version, in one transaction. Returns the new version. */
export function migrate(db: Db, migrations = loadMigrations(), upTo = migrations.length): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new DatabaseTooNewError(`database is at schema version ${current}, this code knows only ${migrations.length}; refusing to open it`);
  }
  const pending = migrations.filter((m) => m.version > current && m.version <= upTo);
  if (pending.length === 0) return current;
  db.transaction(() => {
    for (const m of pending) db.exec(m.sql);
    db.pragma(`user_version = ${pending[pending.length - 1]!.version}`);
  })();
  return pending[pending.length - 1]!.version;
}

export function defaultDatabasePath(): string {
  return process.env.DATABASE_PATH || path.join(process.cwd(), 'data', 'campfire.db');
}

/** Why a database could not be used, in words an operator can act on (`npm start` prints it and exits). */
export class StoreError extends Error {
  constructor(readonly code: 'cannot_open' | 'not_a_database' | 'corrupt' | 'read_only' | 'too_new', message: string) { super(message); }
}

/**
 * Opens (and migrates) the database, or throws a StoreError that says what is wrong: a file that cannot be
 * opened, is not a database, is damaged, cannot be written, or was written by a newer Campfire.
 */
export function openDatabase(file = defaultDatabasePath(), options: Database.Options = {}): Db {
  let db: Db;
  try {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    db = new Database(file, options);
  } catch (err) {
    throw new StoreError('cannot_open', `cannot open the database ${file}: ${(err as Error).message}`);
  }
  try {
    // A new database returns the pages of compacted games to the file system (see src/ops/maintenance.ts).
    if (!options.readonly && file !== ':memory:' && (db.pragma('page_count', { simple: true }) as number) === 0) db.pragma('auto_vacuum = INCREMENTAL');
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new StoreError('corrupt', `the database ${file} is damaged (${String(check)}); restore it from a backup`);
    migrate(db);
    checkWritable(db, file);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof StoreError) throw err;
    if (err instanceof DatabaseTooNewError) throw new StoreError('too_new', `${err.message}; upgrade Campfire or restore an older backup`);
    const code = (err as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB') throw new StoreError('not_a_database', `${file} is not a Campfire database (SQLite says: file is not a database)`);
    if (code.startsWith('SQLITE_CORRUPT')) throw new StoreError('corrupt', `the database ${file} is damaged; restore it from a backup`);
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM')) {
      throw new StoreError('read_only', `the database ${file} cannot be written (check the file's and its folder's permissions)`);
    }
    throw err;
  }
}

/** A start that looks healthy but fails every write is worse than no start: write once now. */
export function checkWritable(db: Db, file: string): void {
  try {
    const v = db.pragma('user_version', { simple: true }) as number;
    db.transaction(() => db.pragma(`user_version = ${v}`)).immediate();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_IOERR') {
      throw new StoreError('read_only', `the database ${file} cannot be written (check the file's and its folder's permissions)`);
    }
    throw err;
  }
}
