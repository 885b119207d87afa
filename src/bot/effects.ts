/**
 * The job runner: carries out, after the reply to the click, the effects that service calls committed as jobs
 * (posting the table, DMs, a computer's move, a reminder's or a vote's post), each drawn from the newest state when
 * it runs, tried again when Discord fails for a passing reason. See `EffectsRunner`.
 */
import { randInt, seedRng } from '../engine/rng.js';
import type { Decision, Seat } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import type { Campfire, Effect } from '../service/index.js';
import { giveUpReason, LEASE_MS, NEWS_PRIORITY, type Job } from '../service/jobs.js';
import { metrics } from '../ops/metrics.js';
import type { BotContext } from './context.js';
import { archive, deadlineVote, dm, editTable, lobbyCancelled, notice, postTable, redrawLobby, remind, voteDm } from './effect-posts.js';
import { sendDigest } from './games-list.js';
import { RetryableError, WaitingError, type Logger, type Platform } from './platform.js';
import { restPriority } from './rest-gate.js';
import { restCall } from './rest-policy.js';
import { buttonsOff, dmOff, tableOff, voteClosed } from './tidy.js';

export { THREAD_WAIT_MS } from './effect-posts.js';

export type ComputerChooser = (level: string, module: GameModule, state: unknown, seat: Seat, decision: Decision, seed: string) => Promise<string>;

export interface RunnerOptions {
  /**
   * How many lanes of news (posts, pings, computer moves, DMs) run at once (default 16: most of a job is waiting on
   * Discord or on a picture).
   */
  concurrency?: number;
  /**
   * How many lanes of tidying run beside them (default 16). Tidying needs no picture, only Discord, so it never waits
   * behind tables that wait for theirs. (DMs in lanes of their own used Discord's idle budget under load, but their
   * panels cost the CPU a quarter of the decisions a second: `npm run bench -- --load`, burst, 106 → 81.)
   */
  tidyConcurrency?: number;
  /** How a computer player chooses; by default a uniformly random legal option (every level). */
  computerChoice?: ComputerChooser;
  /** How often a running job's claim is renewed (default a third of the lease). */
  renewEveryMs?: number;
  /** Called when no job is running any more (tests wait on it). */
  onIdle?: (gameId: number) => void;
}

/** How long a job waits after its n-th failure (Discord's own retry_after wins when it gave one). */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 1000 * 2 ** Math.min(attempts, 9));
}

/**
 * How long a job's Discord calls wait out a rate limit before the job is tried again later (real time): tidying
 * hardly waits, so it never holds a lane; news waits about as long as a bucket or a global limit takes.
 */
export const PATIENCE_MS = { news: 30_000, tidy: 5_000 } as const;


/**
 * The job runner: carries out the effects that service calls committed as jobs (the outbox), after the reply.
 * Lanes run in order (a game's posts and computer moves one after another; each seat's DMs in their own lane);
 * most urgent first, in two sets of lanes side by side: the news — posts, pings, computer moves, then DMs
 * (`concurrency`) — and tidying such as taking the buttons off replaced tables (`tidyConcurrency`). A game's posts
 * wait while one of its interactions is being answered (`hold`). A job that fails for a passing reason is tried
 * again with backoff; a message it posts carries the job's nonce (a follow-up, which has none, is looked for first),
 * so a job that ran before a crash does not post twice. It resumes whatever was left after a restart.
 */
export class EffectsRunner {
  private readonly running = new Map<string, Promise<void>>();
  /** The ids of the jobs running here (a claim poll that takes one again, its lease lapsed in a stall, keeps it). */
  private readonly runningIds = new Set<number>();
  private scheduled = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private c!: BotContext;
  private readonly concurrency: number;
  /** The classes of jobs that run in lanes of their own, by priority, and how many of each run now. */
  private readonly classes: { min: number; max: number; limit: number; running: number }[];
  private readonly renewEveryMs: number;

  constructor(private readonly cf: Campfire, private readonly platform: Platform, private readonly log: Logger, private readonly opts: RunnerOptions = {}) {
    this.concurrency = opts.concurrency ?? 16;
    this.classes = [
      { min: 0, max: NEWS_PRIORITY, limit: this.concurrency, running: 0 },
      { min: NEWS_PRIORITY + 1, max: Number.MAX_SAFE_INTEGER, limit: opts.tidyConcurrency ?? 16, running: 0 },
    ];
    this.renewEveryMs = opts.renewEveryMs ?? LEASE_MS / 3;
  }

  /** The bot context, once it exists (it holds this runner). */
  bind(c: BotContext): void { this.c = c; }

  /** Games whose interactions are being answered (how many), whose posts wait until they are. */
  private readonly held = new Map<number, number>();

  hold(gameId: number): void {
    this.held.set(gameId, (this.held.get(gameId) ?? 0) + 1);
  }

  release(gameId: number): void {
    const n = (this.held.get(gameId) ?? 0) - 1;
    if (n > 0) this.held.set(gameId, n);
    else this.held.delete(gameId);
  }

  /** Lanes not to start now: those running, and the posts of games whose interactions are being answered. */
  private busyLanes(): Set<string> {
    const busy = new Set(this.running.keys());
    for (const gameId of this.held.keys()) busy.add(`${gameId}/game`);
    return busy;
  }

  /** Looks for work on a later turn of the event loop: the reply to the click goes out first. */
  wake(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  /** Polls for jobs whose retry time has come (the bot process; tests call `settle` instead). */
  start(everyMs = 1000): void {
    this.timer ??= setInterval(() => this.wake(), everyMs);
    this.timer.unref();
    this.wake();
  }

  /** Takes no new job from now on (jobs already running finish; `settle` waits for them). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Jobs less urgent than this wait (set while shutting down: tidying waits in the outbox for the next start). */
  private maxPriority: number | undefined;

  /**
   * Waits until no job is due and none is running (tests, shutdown). `newsOnly`: jobs that tidy up (taking the
   * buttons off replaced tables) are left in the outbox, so a stop under a backlog is not held up by them.
   */
  async settle(opts: { newsOnly?: boolean } = {}): Promise<void> {
    if (opts.newsOnly) this.maxPriority = NEWS_PRIORITY;
    for (;;) {
      await this.pump();
      if (!this.running.size) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.pump();
        if (!this.running.size) return;
      }
      await Promise.all([...this.running.values()]);
    }
  }

  private pumping: Promise<void> | null = null;
  private again = false;

  /** Claims and starts due jobs; one pump at a time (a call while one runs makes it look once more, and waits). */
  private pump(): Promise<void> {
    if (this.pumping) { this.again = true; return this.pumping; }
    this.pumping = (async () => {
      try {
        do { this.again = false; await this.pumpOnce(); } while (this.again && !this.stopped);
      } finally {
        this.pumping = null;
      }
    })();
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    if (this.stopped) return;
    // The news and the tidying each have lanes of their own.
    for (const c of this.classes) {
      if (this.maxPriority !== undefined && c.min > this.maxPriority) continue;
      await this.claim(c, Math.min(c.max, this.maxPriority ?? c.max));
    }
  }

  private async claim(c: EffectsRunner['classes'][number], maxPriority: number): Promise<void> {
    const free = c.limit - c.running;
    if (free <= 0 || this.stopped) return;
    // Too many invalid requests of late (Discord blocks the address at 10,000 in 10 minutes): tidying waits.
    if (c.min > NEWS_PRIORITY && this.platform.strained?.()) return;
    const minPriority = c.min;
    let next: Job[];
    try {
      next = await this.cf.jobs.next(free, this.busyLanes(), maxPriority, minPriority, this.runningIds);
    } catch (err) {
      this.log.error('could not read the job queue', { err: String((err as Error)?.stack ?? err) });
      return;
    }
    for (const job of next) {
      const lane = await this.cf.jobs.laneKey(job);
      c.running++;
      this.runningIds.add(job.id);
      const p = this.carryOut(job).finally(() => {
        c.running--;
        this.runningIds.delete(job.id);
        this.running.delete(lane);
        if (!this.running.size) this.opts.onIdle?.(job.gameId);
        this.wake();
      });
      this.running.set(lane, p);
    }
  }

  private async carryOut(job: Job): Promise<void> {
    const started = Date.now();
    metrics.jobSeconds.observe({ kind: job.effect.kind, phase: 'wait' }, Math.max(0, started - job.createdAt) / 1000);
    // A job may run longer than its claim (tidying waits behind the news for Discord's budget): renewed while it runs.
    const renewing = setInterval(() => {
      this.cf.jobs.renew(job.id).catch((err: unknown) => this.log.warn('could not renew a job\'s claim', { gameId: job.gameId, err: String(err) }));
    }, this.renewEveryMs);
    renewing.unref();
    try {
      // Its REST calls wait for Discord's budget in the job's priority (see `restPriority`), and wait out rate
      // limits only as long as its patience (see `restCall`).
      const patience = job.priority > NEWS_PRIORITY ? PATIENCE_MS.tidy : PATIENCE_MS.news;
      await restCall.run({ until: Date.now() + patience }, () =>
        restPriority.run(job.priority, () => this.run(job.effect, `c${job.id.toString(36)}.${job.createdAt.toString(36)}`)));
      await this.cf.jobs.done(job.id);
      metrics.jobSeconds.observe({ kind: job.effect.kind, phase: 'run' }, (Date.now() - started) / 1000);
    } catch (err) {
      if (err instanceof WaitingError) {
        // Waiting for something to exist (the game's thread): not a failure, no attempt counted.
        await this.cf.jobs.retry(job.id, err.retryAfterMs ?? 1000, err.message, false);
      } else if (err instanceof RetryableError) {
        const why = giveUpReason(job, this.c.now());
        if (why) {
          // Every Discord call has an end: a job that keeps failing is dropped, said once, and counted.
          metrics.jobsGivenUp.inc({ kind: job.effect.kind, why });
          this.log.warn('job given up', { gameId: job.gameId, kind: job.effect.kind, why, attempts: job.attempts + 1, ageMs: this.c.now() - job.createdAt, err: err.message });
          await this.cf.jobs.done(job.id);
          return;
        }
        const delay = err.retryAfterMs ?? backoffMs(job.attempts);
        this.log.warn('job will be tried again', { gameId: job.gameId, kind: job.effect.kind, attempts: job.attempts + 1, delayMs: delay, err: err.message });
        await this.cf.jobs.retry(job.id, delay, err.message);
      } else {
        // A bug, not Discord: logged once with its context; the job is dropped so its lane goes on.
        this.log.error('job failed', { gameId: job.gameId, kind: job.effect.kind, err: String((err as Error)?.stack ?? err) });
        await this.cf.jobs.done(job.id);
      }
    } finally {
      clearInterval(renewing);
    }
  }

  /** Carries out one effect; `n` is the job's nonce (each post of the job gets its own, derived from it). */
  private async run(e: Effect, n: string): Promise<void> {
    switch (e.kind) {
      case 'table': return postTable(this.c, e.gameId, n);
      case 'table_edit': return editTable(this.c, e.gameId, n);
      case 'dm': return dm(this.c, e.gameId, e.seat, e.why, n);
      case 'computer': return this.computer(e.gameId);
      case 'auto_pass': { await this.cf.play.autoPass(e.gameId, e.seat, e.version); return; }
      case 'lobby': return redrawLobby(this.c, e.gameId);
      case 'notice': return notice(this.c, e.gameId, e, n);
      case 'buttons_off': return buttonsOff(this.c, e.gameId);
      case 'table_off': return tableOff(this.c, e);
      case 'dm_off': return dmOff(this.c, e);
      case 'lobby_cancelled': return lobbyCancelled(this.c, e, n);
      case 'archive': return archive(this.c, e.threadId);
      case 'remind': return remind(this.c, e.gameId, e.seat, e.dueAt, n);
      case 'deadline_vote': return deadlineVote(this.c, e.gameId, e.seat, n, e.quiet ?? []);
      case 'vote_dm': return voteDm(this.c, e.gameId, e.seat, e.userId, n);
      case 'vote_closed': return voteClosed(this.c, e, n);
      case 'digest': return sendDigest(this.c, e.userId, n);
    }
  }

  /** Posts the game's table now (`/campfire status` and the bot's start); see `postTable` in effect-posts.ts. */
  postTable(gameId: number, n?: string): Promise<void> {
    return postTable(this.c, gameId, n);
  }

  /** Lets a computer move when one owes a decision (computer seats and seats handed to a computer). */
  private async computer(gameId: number): Promise<void> {
    const turn = await this.cf.play.computerTurn(gameId);
    if (!turn) return;
    const choosable = turn.decision.options.filter((o) => o.role !== 'back');
    const option = this.opts.computerChoice
      ? await this.opts.computerChoice(turn.level, turn.module, turn.state, turn.seat, turn.decision, turn.seed)
      : choosable[randInt(seedRng(turn.seed), choosable.length)]!.id;
    // Committed with its consequences as new jobs; a rerun after a crash finds the game moved on ("stale").
    const r = await this.cf.play.computerChose(turn, option);
    if (!r.ok && r.error !== 'stale') this.log.warn('computer move rejected', { gameId, error: r.error });
  }
}
