/**
 * SQLite behind the `Sql` seam (better-sqlite3: every statement runs synchronously, answers come back as settled
 * promises). One connection per process: transactions take turns (a FIFO lock), each begun IMMEDIATE so that
 * another process on the same file waits for the write lock (busy timeout) instead of failing half-way; a
 * statement outside a transaction waits until no transaction of this process is open, so it never sees
 * uncommitted rows.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import { Mutex, type Params, positional, type RunResult, type Sql, TxScope } from './sql.js';

export class SqliteSql implements Sql {
  readonly dialect = 'sqlite' as const;
  private readonly scope = new TxScope<Db>();
  private readonly lock = new Mutex();
  private savepoints = 0;
  /** Prepared statements by text: our queries are constants, and preparing one costs more than running it. */
  private readonly statements = new Map<string, Statement>();

  constructor(readonly db: Db) {}

  private async ready(): Promise<void> {
    if (!this.scope.current() && this.lock.locked) await this.lock.idle();
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
      this.db.exec('BEGIN IMMEDIATE');
      let r: T;
      try {
        r = await this.scope.run({ conn: this.db, depth: 0, commits }, fn);
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
      this.db.exec('COMMIT');
      release();
      for (const cb of commits) cb();
      return r;
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.lock.idle();
    if (this.db.open) this.db.close();
  }
}
