/**
 * SQLite behind the `Sql` seam (better-sqlite3: every statement runs synchronously, answers come back as settled
 * promises). One connection per process: transactions take turns (a FIFO lock), each begun IMMEDIATE so that it
 * holds the write lock from its start instead of failing half-way. While another process holds that lock, the
 * transaction waits for it without blocking the event loop (short tries, up to `LOCK_WAIT_MS`: better-sqlite3's
 * busy timeout would freeze the whole bot meanwhile), and statements outside transactions go on: in WAL mode a
 * read never waits for a writer. A statement outside a transaction waits only while a transaction of this process
 * is open on the connection, so it never sees uncommitted rows.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import { Mutex, type Params, positional, type RunResult, type Sql, TxScope } from './sql.js';

/** How long a transaction waits for another process's write lock before it fails with SQLITE_BUSY. */
export const LOCK_WAIT_MS = 10_000;

export class SqliteSql implements Sql {
  readonly dialect = 'sqlite' as const;
  private readonly scope = new TxScope<Db>();
  private readonly lock = new Mutex();
  private savepoints = 0;
  /** A transaction of this process is open on the connection (its rows are not committed yet). */
  private open = false;
  /** Prepared statements by text: our queries are constants, and preparing one costs more than running it. */
  private readonly statements = new Map<string, Statement>();
  private readonly controls = new Map<string, Statement>();

  constructor(readonly db: Db) {}

  private async ready(): Promise<void> {
    if (!this.scope.current() && this.open) await this.lock.idle();
  }

  /** BEGIN IMMEDIATE, waiting for another process's write lock in short tries that leave the event loop free. */
  private async begin(): Promise<void> {
    const until = Date.now() + LOCK_WAIT_MS;
    const timeout = this.control('PRAGMA busy_timeout').get() as { timeout: number };
    for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
      this.control('PRAGMA busy_timeout = 0').get();
      try {
        this.control('BEGIN IMMEDIATE').run();
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw err;
      } finally {
        this.control(`PRAGMA busy_timeout = ${timeout.timeout}`).get();
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /**
   * A transaction's own statements (BEGIN, COMMIT, the busy timeout), prepared once: preparing them at every
   * transaction was a good part of its cost (`db.exec` and `db.pragma` prepare each time). Kept apart from the
   * queries' statements, whose modes callers never change.
   */
  private control(text: string): Statement {
    let stmt = this.controls.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      if (this.controls.size < 20) this.controls.set(text, stmt);
    }
    return stmt;
  }

  private prepare(query: string, params?: Params) {
    const { text, values } = positional(query, params);
    let stmt = this.statements.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      if (this.statements.size < 1000) this.statements.set(text, stmt);
    }
    return { stmt, values };
  }

  async all<T>(query: string, params?: Params): Promise<T[]> {
    await this.ready();
    const { stmt, values } = this.prepare(query, params);
    return stmt.all(...values) as T[];
  }

  async get<T>(query: string, params?: Params): Promise<T | undefined> {
    await this.ready();
    const { stmt, values } = this.prepare(query, params);
    return stmt.get(...values) as T | undefined;
  }

  async run(query: string, params?: Params): Promise<RunResult> {
    await this.ready();
    const { stmt, values } = this.prepare(query, params);
    return { changes: stmt.run(...values).changes };
  }

  async exec(script: string): Promise<void> {
    await this.ready();
    this.db.exec(script);
  }

  inTransaction(): boolean { return !!this.scope.current(); }

  afterCommit(cb: () => void): void {
    const frame = this.scope.current();
    if (frame) frame.commits.push(cb); else cb();
  }

  async tryExclusive(_name: string): Promise<boolean> {
    // BEGIN IMMEDIATE already holds the database's one write lock against every other process.
    return true;
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const frame = this.scope.current();
    if (frame) {
      const sp = `sp${++this.savepoints}`;
      this.db.exec(`SAVEPOINT ${sp}`);
      const commits: (() => void)[] = [];
      try {
        const r = await this.scope.run({ conn: frame.conn, depth: frame.depth + 1, commits }, fn);
        this.db.exec(`RELEASE ${sp}`);
        frame.commits.push(...commits);
        return r;
      } catch (err) {
        this.db.exec(`ROLLBACK TO ${sp}`);
        this.db.exec(`RELEASE ${sp}`);
        throw err;
      }
    }
    const release = await this.lock.lock();
    const commits: (() => void)[] = [];
    try {
      await this.begin();
      this.open = true;
      let r: T;
      try {
        r = await this.scope.run({ conn: this.db, depth: 0, commits }, fn);
      } catch (err) {
        if (this.db.inTransaction) this.control('ROLLBACK').run();
        throw err;
      }
      this.control('COMMIT').run();
      this.open = false;
      release();
      for (const cb of commits) cb();
      return r;
    } finally {
      this.open = false;
      release();
    }
  }

  async close(): Promise<void> {
    await this.lock.idle();
    if (this.db.open) this.db.close();
  }
}
