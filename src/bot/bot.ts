/**
 * Campfire on Discord, over the narrow `Ix` / `Platform` surface: interactions go through one router to thin
 * handlers that call the service (`src/service/`) and present its answer; what a change causes afterwards (the
 * table, DMs, computer moves, timers' posts) is carried out by the effects runner. No collectors: everything a
 * click needs is in its custom_id and the database, so every button works after a restart.
 */
import type { TimerAction } from '../service/timers.js';
import type { Campfire } from '../service/index.js';
import type { BotContext } from './context.js';
import { EffectsRunner, type RunnerOptions } from './effects.js';
import type { Ix, Logger, Platform } from './platform.js';
import { inlinePictures, type Pictures } from './pictures.js';
import { discordTranslator } from './present.js';
import { handle, kindOf } from './router.js';
import { metrics } from '../ops/metrics.js';

export type { ComputerChooser } from './effects.js';

export interface BotOptions extends RunnerOptions {
  /** The clock (tests control it). */
  now?: () => number;
  /** Where pictures are drawn (default: in-process; the bot process uses its worker threads). */
  pictures?: Pictures;
}

export class CampfireBot {
  private readonly c: BotContext;
  private readonly runner: EffectsRunner;

  constructor(readonly cf: Campfire, platform: Platform, log: Logger, opts: BotOptions = {}) {
    this.runner = new EffectsRunner(cf, platform, log, opts);
    this.c = { cf, platform, log, effects: this.runner, pictures: opts.pictures ?? inlinePictures, now: opts.now ?? Date.now };
    this.runner.bind(this.c);
  }

  private draining = false;
  private readonly inFlight = new Set<Promise<void>>();

  /** Answers one interaction (a command, a button, a menu); while shutting down, only with "back in a moment". */
  handle(ix: Ix): Promise<void> {
    if (this.draining) return this.backSoon(ix);
    const p = handle(this.c, ix).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    return p;
  }

  /**
   * Stops taking interactions (each new one is answered "back in a moment", nothing changes) and waits, up to
   * `timeoutMs`, for the interactions being answered and every game's background work that carries news (tables,
   * pings, computer moves, DMs); tidying (buttons off replaced tables) waits in the outbox for the next start.
   * Returns true when all finished in time.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
    const work = (async () => {
      while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
      await this.runner.settle({ newsOnly: true });
      return true as const;
    })();
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  get isDraining(): boolean { return this.draining; }

  private async backSoon(ix: Ix): Promise<void> {
    metrics.interactions.inc({ kind: kindOf(ix), outcome: 'draining' });
    try {
      await ix.reply({ content: discordTranslator(ix.locale, undefined)({ key: 'ops.restarting' }) }, true);
    } catch (err) {
      this.c.log.warn('could not answer during shutdown', { err: String(err) });
    }
  }

  /**
   * After a restart: the jobs left in the outbox run again, and whatever no job covers (a table older than its
   * game, a computer owing a move) is queued.
   */
  async recover(): Promise<void> {
    await this.cf.jobs.releaseOwn();
    await this.cf.play.recover();
    this.runner.wake();
  }

  /** Starts the job runner's clock (retries come due); the bot process calls it once it is connected. */
  startJobs(everyMs?: number): void {
    this.runner.start(everyMs);
  }

  stopJobs(): void {
    this.runner.stop();
  }

  /** Carries out every reminder, deadline and daily digest that is due now; call it every minute and once at start. */
  async tick(): Promise<TimerAction[]> {
    const { due } = await this.cf.deadlines.tick();
    await this.cf.mygames.tick();
    await this.runner.settle();
    return due;
  }

  /** Waits until every game's background work has finished (tests, shutdown). */
  settle(): Promise<void> {
    return this.runner.settle();
  }

  /** Posts the game's newest table now. */
  postTable(gameId: number): Promise<void> {
    return this.runner.postTable(gameId);
  }
}
