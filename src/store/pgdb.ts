/**
 * The PostgreSQL database: migrated at start from the numbered files in `migrations/postgres/` — the same
 * numbers as SQLite's, each the same change in PostgreSQL's words — all pending ones in one transaction, under an
 * advisory lock so that processes starting together migrate once. The version lives in `campfire_schema`; a
 * database newer than the code is refused rather than damaged.
 */
import { loadMigrations, PG_MIGRATIONS_DIR, StoreError } from './db.js';
import { PostgresSql } from './postgres.js';

export async function migratePostgres(sql: PostgresSql, migrations = loadMigrations(PG_MIGRATIONS_DIR)): Promise<number> {
  return sql.transaction(async () => {
    await sql.run('SELECT pg_advisory_xact_lock(?)', ['727003']);
    await sql.exec('CREATE TABLE IF NOT EXISTS campfire_schema (version INTEGER NOT NULL)');
    let row = await sql.get<{ version: number }>('SELECT version FROM campfire_schema');
    if (!row) { await sql.run('INSERT INTO campfire_schema (version) VALUES (0)'); row = { version: 0 }; }
    if (row.version > migrations.length) {
      throw new StoreError('too_new', `the PostgreSQL database is at schema version ${row.version}, this code knows only ${migrations.length}; upgrade Campfire`);
    }
    const pending = migrations.filter((m) => m.version > row!.version);
    for (const m of pending) await sql.exec(m.sql);
    if (pending.length) await sql.run('UPDATE campfire_schema SET version = ?', [pending.at(-1)!.version]);
    return pending.at(-1)?.version ?? row.version;
  });
}

/**
 * Connects to PostgreSQL and migrates. `schema` (tests, side-by-side installs) keeps every table in a schema of
 * its own, made if missing.
 */
export async function openPostgres(url: string, opts: { schema?: string; poolSize?: number } = {}): Promise<PostgresSql> {
  let sql: PostgresSql;
  try {
    if (opts.schema) {
      const boot = PostgresSql.connect(url, 1);
      try { await boot.exec(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`); } finally { await boot.close(); }
    }
    sql = PostgresSql.connect(url, opts.poolSize, opts.schema);
    await sql.get('SELECT 1 AS ok');
  } catch (err) {
    throw new StoreError('cannot_open', `cannot reach the PostgreSQL database ${redact(url)}: ${(err as Error).message}`);
  }
  try {
    await migratePostgres(sql);
  } catch (err) {
    await sql.close();
    throw err;
  }
  return sql;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try { const u = new URL(url); if (u.password) u.password = '***'; return u.toString(); } catch { return 'postgres://…'; }
}
