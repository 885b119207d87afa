/**
 * The outbox's side of the service: effects become job rows in the transaction that caused them, and the job
 * runner asks here what to do next and says how it went. Lanes keep order: a game's posts and moves run one
 * after another, each seat's DMs in their own lane so a blocked DM never holds up the table.
 */
import type { JobRow } from '../store/repo.js';
import type { Ctx } from './context.js';
import type { Effect } from './effects.js';

/** How long a claimed job is this process's before another may take it (a job's Discord calls take seconds). */
export const LEASE_MS = 60_000;

/** The least urgent jobs that still carry news (tables, pings, computer moves, DMs); tidying comes after. */
export const NEWS_PRIORITY = 2;

/** A job to carry out; `priority` is how urgent it is (0 tables and pings, 1 computer moves, 2 DMs, 3 tidying). */
export interface Job { id: number; gameId: number; effect: Effect; attempts: number; createdAt: number; priority: number }

/**
 * How long a table's redraw in place (a step inside someone's turn, see `consequences`) waits for the next step before
 * it is drawn: a turn clicked through in a few seconds edits the table once, with its last step, instead of once a
 * step (a glance drawn and uploaded each time). A newer redraw replaces a waiting one; a new table, or anything else
 * the game's lane has to do, does not wait for it.
 */
export const STEP_REDRAW_MS = 3_000;

/** The least urgent jobs: tidying (buttons off, a DM collapsed), in a lane of their own per game. */
export const TIDY_PRIORITY = 3;

const HOUR = 3_600_000;

/**
 * A job that keeps failing is given up at its next failure once it was tried this many times, or once it is this
 * old: news after about an hour of tries (backoff up to 5 minutes) or a day, tidying after three tries or an hour.
 * (A table given up is posted again by the game's next action or `/campfire status`.)
 */
export const GIVE_UP = { news: { attempts: 20, ageMs: 24 * HOUR }, tidy: { attempts: 3, ageMs: HOUR } } as const;

/** Why a job that just failed is given up now, or null when it is tried again. */
export function giveUpReason(job: Pick<Job, 'attempts' | 'createdAt' | 'priority'>, now: number): 'attempts' | 'age' | null {
  const cap = job.priority > NEWS_PRIORITY ? GIVE_UP.tidy : GIVE_UP.news;
  if (job.attempts + 1 >= cap.attempts) return 'attempts';
  return now - job.createdAt >= cap.ageMs ? 'age' : null;
}

function laneOf(e: Effect): { lane: string; priority: number } {
  if (e.kind === 'digest' || e.kind === 'vote_dm') return { lane: `user:${e.userId}`, priority: 2 };
  if (e.kind === 'dm') return { lane: `dm:${e.seat}`, priority: 2 };
  if (e.kind === 'computer') return { lane: 'game', priority: 1 };
  // Waits for its time in a lane of its own, so the game's posts go on meanwhile.
  if (e.kind === 'auto_pass') return { lane: `pass:${e.seat}`, priority: 1 };
  // The lobby card sits in the channel the game was opened from, beside other games' cards under one rate limit:
  // its redraws never hold up the game's own posts.
  if (e.kind === 'lobby') return { lane: 'lobby', priority: 1 };
  // Tidying after the news: its own lane, so it never holds up the game's next table or a seat's next DM, and last
  // in line. (A vote closed by the player's return only tidies: the table that follows says it.)
  if (e.kind === 'table_off' || e.kind === 'buttons_off' || e.kind === 'dm_off' || (e.kind === 'vote_closed' && e.verdict === 'answered')) {
    return { lane: 'tidy', priority: TIDY_PRIORITY };
  }
  return { lane: 'game', priority: 0 };
}

const toJob = (r: JobRow): Job => ({ id: r.id, gameId: r.game_id, effect: JSON.parse(r.effect) as Effect, attempts: r.attempts, createdAt: r.created_at, priority: r.priority });

export const jobs = {
  /**
   * Writes effects as jobs (call inside the transaction that caused them). Where only the newest matters (a table,
   * a table's or a DM's redraw in place, a lobby card), a waiting twin of the same lane is dropped: a burst of decisions in a game gives one table, of
   * the newest version, and a flood of requests can never starve it.
   */
  async add(ctx: Ctx, effects: readonly Effect[]): Promise<void> {
    const now = ctx.now();
    // A redraw in place waits for the next step of the turn (`STEP_REDRAW_MS`) unless the game's lane has more to do.
    const moreInLane = effects.some((e) => e.kind !== 'table_edit' && laneOf(e).lane === 'game');
    const dropped = new Set<number>(), hurried = new Set<number>();
    for (const e of effects) {
      const effect = JSON.stringify(e);
      const { lane } = laneOf(e);
      if (lane === 'game' && e.kind !== 'table_edit') {
        // A redraw waiting for the next step: a new table shows that step itself (the redraw goes); anything else in
        // the lane would wait behind it (it is due now).
        const redraw = JSON.stringify({ kind: 'table_edit', gameId: e.gameId } satisfies Effect);
        if (e.kind === 'table' && !dropped.has(e.gameId)) {
          dropped.add(e.gameId);
          await ctx.repo.jobs.dropWaitingTwins(e.gameId, lane, redraw, Number.MAX_SAFE_INTEGER);
        } else if (e.kind !== 'table' && !hurried.has(e.gameId)) {
          hurried.add(e.gameId);
          await ctx.repo.jobs.hurry(e.gameId, lane, redraw, now);
        }
      }
      // Where only the newest matters, it replaces a twin that waits; a redraw also one still waiting for its time.
      if (e.kind === 'table' || e.kind === 'lobby' || (e.kind === 'dm' && e.why === 'step')) await ctx.repo.jobs.dropWaitingTwins(e.gameId, lane, effect, now);
      if (e.kind === 'table_edit') await ctx.repo.jobs.dropWaitingTwins(e.gameId, lane, effect, Number.MAX_SAFE_INTEGER);
      const runAt = e.kind === 'vote_dm' || e.kind === 'auto_pass' ? Math.max(now, e.notBefore)
        : e.kind === 'table_edit' && !moreInLane ? now + STEP_REDRAW_MS : now;
      await ctx.repo.jobs.add({ game_id: e.gameId, effect, run_at: runAt, ...laneOf(e) });
    }
  },

  /**
   * Claims the next jobs to run for this process: the head of every lane that is due and not held by another
   * process, most urgent first. A claim lasts `LEASE_MS`; a process that dies holding one lets it go when that
   * runs out (or at once when it comes back, see `releaseOwn`). Only priorities `minPriority` to `maxPriority`.
   * A job of `running` (running here, its lease lapsed while this process stalled) that the claim takes again stays
   * claimed: the claim renewed it; let go, another process could run it a second time.
   */
  async next(ctx: Ctx, limit: number, busy: ReadonlySet<string>, maxPriority?: number, minPriority?: number, running?: ReadonlySet<number>): Promise<Job[]> {
    const out: Job[] = [];
    for (const row of await ctx.repo.jobs.claim(ctx.worker, ctx.now(), limit, LEASE_MS, ctx.shards, maxPriority, minPriority)) {
      if (running?.has(row.id)) continue;
      if (busy.has(`${row.game_id}/${row.lane}`)) { await ctx.repo.jobs.release(row.id, ctx.worker); continue; }
      out.push(toJob(row));
    }
    return out;
  },

  /**
   * The job is still running here (waiting for Discord's budget behind more urgent work, say): its claim is extended
   * by `LEASE_MS`, so no other process takes it meanwhile. False when the claim was lost.
   */
  async renew(ctx: Ctx, id: number): Promise<boolean> {
    return ctx.repo.jobs.renew(id, ctx.worker, ctx.now() + LEASE_MS);
  },

  /** At start: the claims this process held when it stopped are free again (it cannot be running them now). */
  async releaseOwn(ctx: Ctx): Promise<number> {
    return ctx.repo.jobs.releaseClaims(ctx.worker);
  },

  laneKey(_ctx: Ctx, job: Job): string {
    return `${job.gameId}/${laneOf(job.effect).lane}`;
  },

  async done(ctx: Ctx, id: number): Promise<void> {
    await ctx.repo.jobs.finish(id);
  },

  /** The job failed for a reason that passes: try again after `delayMs` (`counted`: the try counts toward the cap). */
  async retry(ctx: Ctx, id: number, delayMs: number, error: string, counted = true): Promise<void> {
    await ctx.repo.jobs.retry(id, ctx.now() + delayMs, error, counted);
  },

  async backlog(ctx: Ctx): Promise<{ count: number; oldestMs: number | null; nextAt: number | null }> {
    const b = await ctx.repo.jobs.backlog();
    return { count: b.count, oldestMs: b.oldest === null ? null : ctx.now() - b.oldest, nextAt: await ctx.repo.jobs.nextAt() };
  },
};
