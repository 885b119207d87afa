/**
 * The outbox's table: jobs written in the transaction of the change that caused them, claimed by the job runners of
 * one or more processes (a lane runs in order, in one process at a time), retried with backoff, dropped when done.
 * Its SQL is written once for both databases (see `sql.ts`).
 */
import type { Sql } from './sql.js';

export interface JobRow { id: number; game_id: number; lane: string; effect: string; priority: number; run_at: number; attempts: number; last_error: string | null; created_at: number; claimed_by?: string | null; claimed_until?: number | null }

export class JobStore {
  constructor(private readonly sql: Sql, private readonly now: () => number, private readonly transaction: <T>(fn: () => Promise<T>) => Promise<T>) {}


  async add(j: Pick<JobRow, 'game_id' | 'lane' | 'effect' | 'priority' | 'run_at'>): Promise<number> {
    const r = await this.sql.get<{ id: number }>('INSERT INTO jobs (game_id, lane, effect, priority, run_at, created_at) VALUES (@game_id, @lane, @effect, @priority, @run_at, @created_at) RETURNING id',
      { game_id: j.game_id, lane: j.lane, effect: j.effect, priority: j.priority, run_at: j.run_at, created_at: this.now() });
    return Number(r!.id);
  }

  /** The first job of every lane (lanes run in order), due at `now`, most urgent first (claimed ones included). */
  due(now: number, limit: number): Promise<JobRow[]> {
    return this.sql.all<JobRow>(`SELECT j.* FROM jobs j
      WHERE j.run_at <= ? AND j.id = (SELECT MIN(id) FROM jobs k WHERE k.game_id = j.game_id AND k.lane = j.lane)
      ORDER BY j.priority, j.id LIMIT ?`, [now, limit]);
  }

  /**
   * Claims up to `limit` jobs for `owner` until `now + leaseMs`: the first job of lanes that are due and not
   * claimed by a live claim of another process, most urgent first. A lane's next job becomes claimable only when
   * the one before it is finished, so a lane runs in order and in one process at a time. On PostgreSQL, rows
   * another process is claiming at this very moment are skipped (`FOR UPDATE SKIP LOCKED`), never waited for.
   * Only jobs of priorities `minPriority` to `maxPriority` are claimed.
   */
  async claim(owner: string, now: number, limit: number, leaseMs: number, shards: { ids: number[]; count: number } | null = null, maxPriority = Number.MAX_SAFE_INTEGER, minPriority = 0): Promise<JobRow[]> {
    // Most claims find nothing (the runner looks after every job and every click): with no job due and free at all,
    // that is answered without a transaction. A job that becomes due after this look wakes the runner again.
    const any = await this.sql.get('SELECT 1 AS x FROM jobs WHERE run_at <= ? AND (claimed_until IS NULL OR claimed_until < ?) AND priority <= ? AND priority >= ? LIMIT 1',
      [now, now, maxPriority, minPriority]);
    if (!any) return [];
    return this.transaction(async () => {
      const skip = this.sql.dialect === 'postgres' ? ' FOR UPDATE OF j SKIP LOCKED' : '';
      // Only the jobs of games in this process's shards: a server's shard is (guild id >> 22) % count; games
      // outside servers and jobs of no game (digests) are shard 0's.
      const mine = shards
        ? ` AND (CASE WHEN g.guild_id IS NULL THEN 0 ELSE (CAST(g.guild_id AS BIGINT) >> 22) % ${Number(shards.count)} END) IN (${shards.ids.map(Number).join(', ')})`
        : '';
      const rows = await this.sql.all<JobRow>(`SELECT j.* FROM jobs j LEFT JOIN games g ON g.id = j.game_id
        WHERE j.run_at <= ? AND (j.claimed_until IS NULL OR j.claimed_until < ?) AND j.priority <= ? AND j.priority >= ?${mine}
          AND j.id = (SELECT MIN(id) FROM jobs k WHERE k.game_id = j.game_id AND k.lane = j.lane)
        ORDER BY j.priority, j.id LIMIT ?${skip}`, [now, now, maxPriority, minPriority, limit]);
      if (!rows.length) return rows;
      await this.sql.run(`UPDATE jobs SET claimed_by = ?, claimed_until = ? WHERE id IN (${rows.map(() => '?').join(',')})`, [owner, now + leaseMs, ...rows.map((r) => r.id)]);
      return rows;
    });
  }

  /** Frees every claim `owner` holds (a restarted process cannot be running them). Returns how many. */
  async releaseClaims(owner: string): Promise<number> {
    return (await this.sql.run('UPDATE jobs SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?', [owner])).changes;
  }

  /** Lets go of a claimed job without running it (the process is stopping). */
  /** Extends `owner`'s claim on a job it is still running; false when the claim is no longer its own. */
  async renew(id: number, owner: string, until: number): Promise<boolean> {
    return (await this.sql.run('UPDATE jobs SET claimed_until = ? WHERE id = ? AND claimed_by = ?', [until, id, owner])).changes > 0;
  }

  async release(id: number, owner: string): Promise<void> {
    await this.sql.run('UPDATE jobs SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?', [id, owner]);
  }

  /**
   * Drops jobs with this very effect that wait in the lane and have not been tried yet (a newer one replaces them):
   * those due by `upTo` (a job set to wait for later is dropped only when `upTo` reaches its time).
   */
  async dropWaitingTwins(gameId: number, lane: string, effect: string, upTo: number): Promise<void> {
    await this.sql.run('DELETE FROM jobs WHERE game_id = ? AND lane = ? AND effect = ? AND attempts = 0 AND run_at <= ? AND claimed_by IS NULL', [gameId, lane, effect, upTo]);
  }

  /** Jobs with this effect set to wait in the lane past `now` become due now (what follows them in the lane must not wait). */
  async hurry(gameId: number, lane: string, effect: string, now: number): Promise<void> {
    await this.sql.run('UPDATE jobs SET run_at = ? WHERE game_id = ? AND lane = ? AND effect = ? AND run_at > ?', [now, gameId, lane, effect, now]);
  }

  /** The kinds of effect waiting as jobs for a game. */
  async pendingKinds(gameId: number): Promise<Set<string>> {
    const rows = await this.sql.all<{ effect: string }>('SELECT effect FROM jobs WHERE game_id = ?', [gameId]);
    return new Set(rows.map((r) => (JSON.parse(r.effect) as { kind: string }).kind));
  }

  async finish(id: number): Promise<void> {
    await this.sql.run('DELETE FROM jobs WHERE id = ?', [id]);
  }

  /** Tries the job again at `runAt`; `counted`: the try counts toward the job's cap (waiting for a thread does not). */
  async retry(id: number, runAt: number, error: string, counted = true): Promise<void> {
    await this.sql.run(`UPDATE jobs SET attempts = attempts + ${counted ? 1 : 0}, run_at = ?, last_error = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ?`, [runAt, error.slice(0, 500), id]);
  }

  async backlog(): Promise<{ count: number; oldest: number | null }> {
    return (await this.sql.get<{ count: number; oldest: number | null }>('SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM jobs'))!;
  }

  /** The soonest a job becomes due (null: none waits); a claimed job counts from when its claim runs out. */
  async nextAt(): Promise<number | null> {
    const r = await this.sql.get<{ t: number | null }>('SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > run_at THEN claimed_until ELSE run_at END) AS t FROM jobs');
    return r?.t ?? null;
  }
}
