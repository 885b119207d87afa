/**
 * Global setup: says at the start of the run whether the PostgreSQL cases run. Without a PostgreSQL server the
 * suite still passes; the cases that need one are reported as skipped, and this names them.
 */
import pg from 'pg';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  let ok = !process.env.CAMPFIRE_NO_POSTGRES;
  if (ok) {
    try { await c.connect(); await c.query('SELECT 1'); } catch { ok = false; } finally { await c.end().catch(() => {}); }
  }
  const where = url.replace(/\/\/[^@]*@/, '//');
  console.log(ok
    ? `PostgreSQL at ${where}: the store, end-to-end and multi-process tests run on SQLite and on PostgreSQL.`
    : `\n*** PostgreSQL is not reachable at ${where}: the PostgreSQL cases did NOT run (store, end-to-end on PostgreSQL, two processes, db:copy); they are counted as skipped. Start PostgreSQL or set TEST_DATABASE_URL to run them. ***\n`);
}
