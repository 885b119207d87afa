/**
 * Rows read once per transaction, or per read-only service call, instead of at every function that needs them: a
 * game's row, its players, a user's or a server's settings (one decision used to read its game's players two dozen
 * times). A scope lasts as long as its call: nothing is kept across transactions, so another process's change (a
 * second shard on PostgreSQL) is seen by the next transaction as before. Inside a scope, `Repo` forgets a row when it
 * writes it, and a savepoint rolled back forgets everything read since the scope began.
 *
 * Answers come as copies: a caller may change what it got without changing what the next caller gets.
 *
 * A process that holds its database alone (the bot on its SQLite file: a second process is refused) also keeps the
 * rows across calls (`kept`, the newest few thousand): nobody else writes them (`npm run maintenance`, safe while the
 * bot runs, only drops a finished game's state snapshot, which a kept row still holds as a replay gives it; restoring
 * a backup needs the bot stopped), every write through `Repo` forgets its row at once, and a rolled-back transaction
 * or savepoint forgets all (a row read after its own write inside it may have been kept). A decision used to read its game, players and settings afresh some thirty times.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope { open: boolean; rows: Map<string, Promise<unknown>> }

export class ReadMemo {
  private readonly als = new AsyncLocalStorage<Scope>();
  /** Rows kept across calls (only where this process alone writes the database), oldest first. */
  private readonly kept: Map<string, Promise<unknown>> | null;

  /** `keep`: how many rows to keep across calls (0: none, where other processes write the same database). */
  constructor(private readonly keep = 0) {
    this.kept = keep > 0 ? new Map() : null;
  }

  /** The scope of the call now running, if it is still running (work it left behind reads afresh). */
  private current(): Scope | undefined {
    const s = this.als.getStore();
    return s?.open ? s : undefined;
  }

  get active(): boolean { return !!this.current(); }

  /** Runs `fn` with a scope of its own. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const scope: Scope = { open: true, rows: new Map() };
    try {
      return await this.als.run(scope, fn);
    } finally {
      scope.open = false;
      scope.rows.clear();
    }
  }

  /** What `read` answers for `key`, read once in the current scope (outside any: every time); `copy` hands out a copy. */
  async read<T>(key: string, read: () => Promise<T>, copy: (v: T) => T): Promise<T> {
    const scope = this.current();
    const kept = this.kept;
    if (!scope && !kept) return read();
    let p = (scope?.rows.get(key) ?? kept?.get(key)) as Promise<T> | undefined;
    if (!p) {
      const mine = read();
      p = mine;
      scope?.rows.set(key, mine);
      if (kept) {
        kept.set(key, mine);
        if (kept.size > this.keep) kept.delete(kept.keys().next().value!);
      }
      mine.catch(() => {
        if (scope?.rows.get(key) === mine) scope.rows.delete(key);
        if (kept?.get(key) === mine) kept.delete(key);
      });
    } else if (scope && !scope.rows.has(key)) {
      scope.rows.set(key, p);
    }
    return copy(await p);
  }

  /** The row under `key` changed: read it again next time. */
  forget(key: string): void {
    this.current()?.rows.delete(key);
    this.kept?.delete(key);
  }

  /** Everything read in the current scope may have changed (a transaction committed). */
  clear(): void { this.current()?.rows.clear(); }

  /** A transaction or savepoint rolled back: rows read inside it after its own writes are gone, kept ones too. */
  rolledBack(): void {
    this.clear();
    this.kept?.clear();
  }
}

export const copyRow = <T extends object | undefined>(r: T): T => (r ? { ...r } : r);
export const copyRows = <T extends object>(rs: T[]): T[] => rs.map((r) => ({ ...r }));
