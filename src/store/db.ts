/**
 * The SQLite database: opened with WAL, migrated at start from the numbered files in `migrations/`
 * (all pending ones in one transaction, recorded in `PRAGMA user_version`). A database newer than the
 * code is refused rather than damaged.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = Database.Database;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

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

export function openDatabase(file = defaultDatabasePath()): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
