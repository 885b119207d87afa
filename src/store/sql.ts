/**
 * The one seam between the store and a database: run a statement, read rows, and run work in one transaction.
 * `Repo` writes its SQL once, in the subset SQLite and PostgreSQL share (`?` or `@name` parameters,
 * `ON CONFLICT … DO …`, `RETURNING`); each dialect turns it into what its driver wants. Nothing above the store
 * knows which database it is.
 *
 * Transactions follow the caller through `await`s (AsyncLocalStorage): a statement inside `transaction(fn)` runs
 * on that transaction's connection wherever in `fn`'s call tree it is issued, and a nested `transaction` is a
 * savepoint. Callbacks registered with `afterCommit` run once the outermost transaction has committed (never on
 * rollback), for in-memory caches that must not get ahead of the database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Param = string | number | bigint | null | Buffer | undefined;
export type Params = Param[] | Record<string, Param>;

export interface RunResult { changes: number }

export type Dialect = 'sqlite' | 'postgres';

export interface Sql {
  readonly dialect: Dialect;
  all<T>(query: string, params?: Params): Promise<T[]>;
  get<T>(query: string, params?: Params): Promise<T | undefined>;
  run(query: string, params?: Params): Promise<RunResult>;
  /** Statements without parameters (schema), one after another. */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` in one write transaction; a conflict with another process's transaction (PostgreSQL's
   * serialization failures and deadlocks) runs `fn` again from the start, a few times, so `fn` must only touch
   * the database. Nested calls are savepoints.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** True inside `transaction`. */
  inTransaction(): boolean;
  /** Runs `cb` after the current transaction commits (at once outside a transaction). */
  afterCommit(cb: () => void): void;
  /**
   * Inside a transaction: takes the lock named `name` for the rest of the transaction if no other process holds
   * it, else answers false at once. Work that exactly one process may do at a time (the deadline tick) runs under it.
   */
  tryExclusive(name: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The transaction a statement belongs to, carried through `await`s. */
export interface TxFrame<C> { conn: C; depth: number; commits: (() => void)[] }

export class TxScope<C> {
  private readonly als = new AsyncLocalStorage<TxFrame<C>>();
  current(): TxFrame<C> | undefined { return this.als.getStore(); }
  run<T>(frame: TxFrame<C>, fn: () => Promise<T>): Promise<T> { return this.als.run(frame, fn); }
}

/** `@name` parameters with an object become positional ones, in order of appearance. */
export function positional(query: string, params: Params | undefined): { text: string; values: Param[] } {
  if (!params) return { text: query, values: [] };
  if (Array.isArray(params)) return { text: query, values: params };
  const { text, names } = compiled(query);
  const values = names.map((name) => {
    if (!(name in params)) throw new Error(`sql: no value for @${name}`);
    return params[name];
  });
  return { text, values };
}

/** A query's `@name`s in order and its text with `?` for each; worked out once per query (they are constants). */
const compiledQueries = new Map<string, { text: string; names: string[] }>();
function compiled(query: string): { text: string; names: string[] } {
  let c = compiledQueries.get(query);
  if (!c) {
    const names: string[] = [];
    const text = query.replace(/@(\w+)/g, (_m, name: string) => { names.push(name); return '?'; });
    c = { text, names };
    if (compiledQueries.size < 2000) compiledQueries.set(query, c);
  }
  return c;
}

/** `?` placeholders to PostgreSQL's `$1, $2, …` (our SQL has no `?` inside string literals). */
export function dollarParams(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** A small FIFO lock: one holder at a time, in the order they asked. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private held = false;
  get locked(): boolean { return this.held; }
  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => { release = r; });
    const prev = this.tail;
    this.tail = prev.then(() => next);
    await prev;
    this.held = true;
    let done = false;
    return () => { if (done) return; done = true; this.held = false; release(); };
  }
  /** Resolves when nobody holds the lock (or at once). */
  async idle(): Promise<void> { while (this.held) await this.tail; }
}
