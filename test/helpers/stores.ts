/**
 * The two stores the tests run against: SQLite always; PostgreSQL when one answers at `TEST_DATABASE_URL`
 * (default: the local server, `postgres://postgres@127.0.0.1:5432/test`). Each PostgreSQL store lives in a schema
 * of its own, dropped afterwards, so test files run side by side. Without PostgreSQL its cases are skipped, and
 * the global setup (`test/setup/postgres.ts`) says so at the start of the run.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { migrate } from '../../src/store/db.js';
import { openStore } from '../../src/store/open.js';
import { Repo } from '../../src/store/repo.js';

export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type StoreKind = 'sqlite' | 'postgres';

async function probe(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try { await c.connect(); await c.query('SELECT 1'); return true; } catch { return false; } finally { await c.end().catch(() => {}); }
}

/** Whether PostgreSQL answered (asked once per test file). */
export const pgReachable: boolean = process.env.CAMPFIRE_NO_POSTGRES ? false : await probe();

/** Every store kind, each with whether it runs here: `describe.each(STORES)` + `skipIf(!runs)`. */
export const STORES: { kind: StoreKind; runs: boolean }[] = [{ kind: 'sqlite', runs: true }, { kind: 'postgres', runs: pgReachable }];

export interface TestStore { kind: StoreKind; repo: Repo; db: Database.Database | null; url: string | null; schema: string | null; drop(): Promise<void> }

/** A fresh, migrated store of the kind; `schema` lets a second process or repo open the same PostgreSQL store. */
export async function testStore(kind: StoreKind, now?: () => number, schema?: string): Promise<TestStore> {
  if (kind === 'sqlite') {
    const db = new Database(':memory:');
    migrate(db);
    return { kind, repo: Repo.sqlite(db, now), db, url: null, schema: null, async drop() { db.close(); } };
  }
  const name = schema ?? `t_${randomBytes(6).toString('hex')}`;
  const repo = await openStore({ url: PG_URL, schema: name, now });
  return {
    kind, repo, db: null, url: PG_URL, schema: name,
    async drop() {
      await repo.close();
      if (schema) return; // opened on someone else's schema: they drop it
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try { await c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`); } finally { await c.end(); }
    },
  };
}

/** A PostgreSQL URL whose connections use `schema` (for a bot process: `DATABASE_URL`). */
export function urlWithSchema(schema: string): string {
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
