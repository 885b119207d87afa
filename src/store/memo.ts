/**
 * Rows read once per transaction, or per read-only service call, instead of at every function that needs them: a
 * game's row, its players, a user's or a server's settings (one decision used to read its game's players two dozen
 * times). A scope lasts as long as its call: nothing is kept across transactions, so another process's change (a
 * second shard on PostgreSQL) is seen by the next transaction as before. Inside a scope, `Repo` forgets a row when it
 * writes it, and a savepoint rolled back forgets everything read since the scope began.
 *
 * Answers come as copies: a caller may change what it got without changing what the next caller gets.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope { open: boolean; rows: Map<string, Promise<unknown>> }

export class ReadMemo {
  private readonly als = new AsyncLocalStorage<Scope>();

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
    if (!scope) return read();
    let p = scope.rows.get(key) as Promise<T> | undefined;
    if (!p) {
      p = read();
      scope.rows.set(key, p);
      p.catch(() => { if (scope.rows.get(key) === p) scope.rows.delete(key); });
    }
    return copy(await p);
  }

  /** The row under `key` changed: read it again next time. */
  forget(key: string): void { this.current()?.rows.delete(key); }

  /** Everything read in the current scope may have changed (a savepoint rolled back, a transaction committed). */
  clear(): void { this.current()?.rows.clear(); }
}

export const copyRow = <T extends object | undefined>(r: T): T => (r ? { ...r } : r);
export const copyRows = <T extends object>(rs: T[]): T[] => rs.map((r) => ({ ...r }));
