/**
 * The outbox's side of the service: effects become job rows in the transaction that caused them, and the job
 * runner asks here what to do next and says how it went. Lanes keep order: a game's posts and moves run one
 * after another, each seat's DMs in their own lane so a blocked DM never holds up the table.
 */
import type { JobRow } from '../store/repo.js';
import type { Ctx } from './context.js';
import type { Effect } from './effects.js';

export interface Job { id: number; gameId: number; effect: Effect; attempts: number; createdAt: number }

function laneOf(e: Effect): { lane: string; priority: number } {
  if (e.kind === 'digest' || e.kind === 'vote_dm') return { lane: `user:${e.userId}`, priority: 2 };
  if (e.kind === 'dm') return { lane: `dm:${e.seat}`, priority: 2 };
  if (e.kind === 'computer') return { lane: 'game', priority: 1 };
  return { lane: 'game', priority: 0 };
}

const toJob = (r: JobRow): Job => ({ id: r.id, gameId: r.game_id, effect: JSON.parse(r.effect) as Effect, attempts: r.attempts, createdAt: r.created_at });

export const jobs = {
  /**
   * Writes effects as jobs (call inside the transaction that caused them). Where only the newest matters (a table,
   * a lobby card), a waiting twin of the same lane is dropped: a burst of decisions in a game gives one table, of
   * the newest version, and a flood of requests can never starve it.
   */
  add(ctx: Ctx, effects: readonly Effect[]): void {
    const now = ctx.now();
    for (const e of effects) {
      const effect = JSON.stringify(e);
      if (e.kind === 'table' || e.kind === 'lobby') ctx.repo.dropWaitingTwins(e.gameId, laneOf(e).lane, effect, now);
      ctx.repo.addJob({ game_id: e.gameId, effect, run_at: e.kind === 'vote_dm' ? Math.max(now, e.notBefore) : now, ...laneOf(e) });
    }
  },

  /** The next jobs to run: the head of every lane that is due, most urgent first, leaving out lanes already running. */
  next(ctx: Ctx, limit: number, busy: ReadonlySet<string>): Job[] {
    const out: Job[] = [];
    for (const row of ctx.repo.dueJobs(ctx.now(), limit + busy.size)) {
      if (busy.has(`${row.game_id}/${row.lane}`)) continue;
      out.push(toJob(row));
      if (out.length >= limit) break;
    }
    return out;
  },

  laneKey(_ctx: Ctx, job: Job): string {
    return `${job.gameId}/${laneOf(job.effect).lane}`;
  },

  done(ctx: Ctx, id: number): void {
    ctx.repo.finishJob(id);
  },

  /** The job failed for a reason that passes: try again after `delayMs`. */
  retry(ctx: Ctx, id: number, delayMs: number, error: string): void {
    ctx.repo.retryJob(id, ctx.now() + delayMs, error);
  },

  backlog(ctx: Ctx): { count: number; oldestMs: number | null; nextAt: number | null } {
    const b = ctx.repo.jobBacklog();
    return { count: b.count, oldestMs: b.oldest === null ? null : ctx.now() - b.oldest, nextAt: ctx.repo.nextJobAt() };
  },
};
