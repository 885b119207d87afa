/**
 * PostgreSQL behind the `Sql` seam (node-postgres). Statements outside a transaction use the pool; a
 * transaction holds one client from `BEGIN` to `COMMIT`. Several processes share the database: a row another
 * transaction changes is waited for (row locks), and when PostgreSQL gives up on a transaction because of
 * another one (serialization failure 40001, deadlock 40P01) the whole transaction runs again. Integers come back
 * as numbers (our BIGINTs are millisecond times and counters, far below 2^53).
 */
import pg from 'pg';
import type { Params, RunResult, Sql } from './sql.js';
import { dollarParams, positional, TxScope } from './sql.js';

const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: string) => (oid === INT8 || oid === NUMERIC ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser,
};

const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

/** A 64-bit advisory-lock key from a name (stable across processes and versions). */
function lockKey(name: string): string {
  let h = 0xcbf29ce484222325n;
  for (const c of Buffer.from(name)) h = BigInt.asUintN(64, (h ^ BigInt(c)) * 0x100000001b3n);
  return BigInt.asIntN(64, h).toString();
}

export class PostgresSql implements Sql {
  readonly dialect = 'postgres' as const;
  private readonly scope = new TxScope<pg.PoolClient>();
  private savepoints = 0;

  constructor(readonly pool: pg.Pool) {}

  static connect(url: string, max = Number(process.env.DATABASE_POOL_SIZE) || 10, schema?: string): PostgresSql {
    const pool = new pg.Pool({ connectionString: url, max, types, ...(schema ? { options: `-c search_path="${schema}"` } : {}) });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return new PostgresSql(pool);
  }

  private async query<R extends pg.QueryResultRow>(query: string, params?: Params): Promise<pg.QueryResult<R>> {
    const { text, values } = positional(query, params);
    const conn = this.scope.current()?.conn ?? this.pool;
    return conn.query<R>(dollarParams(text), values as unknown[]);
  }

  async all<T>(query: string, params?: Params): Promise<T[]> {
    return (await this.query(query, params)).rows as T[];
  }

  async get<T>(query: string, params?: Params): Promise<T | undefined> {
    return (await this.query(query, params)).rows[0] as T | undefined;
  }

  async run(query: string, params?: Params): Promise<RunResult> {
    return { changes: (await this.query(query, params)).rowCount ?? 0 };
  }

  async exec(script: string): Promise<void> {
    const conn = this.scope.current()?.conn ?? this.pool;
    await conn.query(script);
  }

  inTransaction(): boolean { return !!this.scope.current(); }

  afterCommit(cb: () => void): void {
    const frame = this.scope.current();
    if (frame) frame.commits.push(cb); else cb();
  }

  async tryExclusive(name: string): Promise<boolean> {
    if (!this.scope.current()) throw new Error('tryExclusive needs a transaction');
    const r = await this.get<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(?) AS ok', [lockKey(name)]);
    return !!r?.ok;
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const frame = this.scope.current();
    if (frame) {
      const sp = `sp${++this.savepoints}`;
      await frame.conn.query(`SAVEPOINT ${sp}`);
      const commits: (() => void)[] = [];
      try {
        const r = await this.scope.run({ conn: frame.conn, depth: frame.depth + 1, commits }, fn);
        await frame.conn.query(`RELEASE SAVEPOINT ${sp}`);
        frame.commits.push(...commits);
        return r;
      } catch (err) {
        await frame.conn.query(`ROLLBACK TO SAVEPOINT ${sp}`);
        throw err;
      }
    }
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      const commits: (() => void)[] = [];
      let broken = false;
      try {
        await client.query('BEGIN');
        const r = await this.scope.run({ conn: client, depth: 0, commits }, fn);
        await client.query('COMMIT');
        for (const cb of commits) cb();
        return r;
      } catch (err) {
        try { await client.query('ROLLBACK'); } catch { broken = true; }
        const code = (err as { code?: string }).code;
        if (code && RETRYABLE.has(code) && attempt < ATTEMPTS) {
          await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
          continue;
        }
        throw err;
      } finally {
        client.release(broken);
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
