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
import type { GameRow } from '../store/repo.js';
import { metrics } from '../ops/metrics.js';
import { place, tr, type BotContext } from './context.js';
import { sendDigest } from './games-list.js';
import { panel } from './panels.js';
import { makeId } from './ids.js';
import { OLD_MESSAGE_MS, postedAt, RetryableError, WaitingError, type Logger, type OutMessage, type Platform } from './platform.js';
import { restPriority } from './rest-gate.js';
import { restCall } from './rest-policy.js';
import { deadlineMessage } from './polls.js';
import { lobbyPaces } from './pace.js';
import { lobbyMessage, safeName, winnerLine } from './present.js';
import { tableMessage } from './table.js';
import { buttonsOff, dmOff, FRESH_MS, tableOff, tidyEdit, voteClosed } from './tidy.js';

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

/** A game opened in a channel waits this long for its thread before it is posted in the channel instead. */
export const THREAD_WAIT_MS = 60_000;

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
      next = await this.cf.jobs.next(free, this.busyLanes(), maxPriority, minPriority);
    } catch (err) {
      this.log.error('could not read the job queue', { err: String((err as Error)?.stack ?? err) });
      return;
    }
    for (const job of next) {
      const lane = await this.cf.jobs.laneKey(job);
      c.running++;
      const p = this.carryOut(job).finally(() => {
        c.running--;
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

  /**
   * Where a game posts: its thread; the channel when it has none. While its thread is still being made nothing
   * is posted (the job waits), so the first table never lands in the channel by mistake.
   */
  private async placeOf(g: GameRow): Promise<string> {
    if (g.thread_id || g.lives_in_channel) return place(g);
    if (this.c.now() - g.created_at < THREAD_WAIT_MS) throw new WaitingError('the game\'s thread is still being made', 1000);
    // No thread in time: the game lives in its channel for good (a thread that comes later is not used).
    return this.cf.posts.threadLate(g.id);
  }

  /** Carries out one effect; `n` is the job's nonce (each post of the job gets its own, derived from it). */
  private async run(e: Effect, n: string): Promise<void> {
    switch (e.kind) {
      case 'table': return this.postTable(e.gameId, n);
      case 'table_edit': return this.editTable(e.gameId, n);
      case 'dm': return this.dm(e.gameId, e.seat, e.why, n);
      case 'computer': return this.computer(e.gameId);
      case 'auto_pass': { await this.cf.play.autoPass(e.gameId, e.seat, e.version); return; }
      case 'lobby': return this.redrawLobby(e.gameId);
      case 'notice': return this.notice(e.gameId, e, n);
      case 'buttons_off': return buttonsOff(this.c, e.gameId);
      case 'table_off': return tableOff(this.c, e);
      case 'dm_off': return dmOff(this.c, e);
      case 'lobby_cancelled': return this.lobbyCancelled(e, n);
      case 'archive': return this.archive(e.threadId);
      case 'remind': return this.remind(e.gameId, e.seat, e.dueAt, n);
      case 'deadline_vote': return this.deadlineVote(e.gameId, e.seat, n, e.quiet ?? []);
      case 'vote_dm': return this.voteDm(e.gameId, e.seat, e.userId, n);
      case 'vote_closed': return voteClosed(this.c, e, n);
      case 'digest': return sendDigest(this.c, e.userId, n);
    }
  }

  /**
   * Posts a fresh table message (board, what happened, who acts); the old one loses its buttons in a later job.
   * While the game's newest click in its thread is recent, the table goes out as that click's follow-up: Discord
   * does not count interaction webhooks against the bot's 50 requests a second, so under load the budget is left to
   * DMs and tidying. Else, or when Discord refuses the token, it is a channel post with the job's nonce.
   */
  async postTable(gameId: number, n?: string): Promise<void> {
    const view = await this.cf.views.table(gameId);
    if (!view) return;
    const g = view.game;
    const where = await this.placeOf(g);
    const message = await tableMessage(this.c, view);
    const followed = await this.tableByFollowUp(g, where, message);
    metrics.tables.inc({ via: followed ? 'follow_up' : 'channel' });
    const messageId = followed?.id ?? await this.platform.post(where, message, { nonce: n && `${n}t${g.version}` });
    if (!messageId) {
      if (g.thread_id && !(await this.platform.exists(g.thread_id))) {
        // The game's thread was deleted: the game carries on in the channel it was opened from.
        this.log.warn('game thread deleted; moving the game to its channel', { gameId, thread: g.thread_id });
        await this.cf.posts.threadGone(gameId);
        const t = await tr(this.c, view.locale, g);
        await this.platform.post(g.channel_id, { content: t({ key: 'table.thread_gone', args: { game: view.module.engine.name, id: gameId } }) }, { nonce: n && `${n}g` });
        return this.postTable(gameId, n && `${n}m`);
      }
      this.log.warn('table post refused for good; /campfire status or the next action posts it again', { gameId });
      return;
    }
    await this.cf.posts.tablePosted(gameId, g.version, messageId, where, followed?.via);
  }

  /**
   * Redraws the game's newest table in place with the newest state (a step inside one person's turn): no ping, its
   * "what happened" keeps the lines since it was posted. Through the token it went out with while that is good, else
   * in its channel while it is fresh. With no table to edit, or one Discord will not let us edit, a table is posted
   * instead (the post's content pings nobody it has not pinged: the people who must act now already were). A table
   * older than an hour without a good token is left as it is (Discord allows few edits of old messages): the next
   * handover posts the new one.
   */
  async editTable(gameId: number, n?: string): Promise<void> {
    const g0 = await this.cf.views.game(gameId);
    if (!g0 || !g0.seed) return;
    if (!g0.table_message_id || g0.table_version === null) return this.postTable(gameId, n);
    // A post or an edit since has shown this version already.
    if (g0.table_version >= g0.version) return;
    const view = await this.cf.views.table(gameId, true);
    if (!view) return;
    const g = view.game;
    const message = await tableMessage(this.c, view, false);
    const where = place(g);
    const posted = postedAt(g.table_message_id!);
    const fresh = posted === null || this.c.now() - posted <= FRESH_MS;
    const viaToken = !!g.table_token && (g.table_token_until ?? 0) > this.c.now() && !!this.platform.editFollowUp;
    const edited = (viaToken && await this.platform.editFollowUp!(g.table_token!, g.table_message_id!, message))
      || (fresh && await this.platform.edit(where, g.table_message_id!, message));
    if (!edited) {
      if (!fresh) {
        metrics.editsSpared.inc({ kind: 'table_edit', why: 'old' });
        return;
      }
      return this.postTable(gameId, n);
    }
    metrics.tables.inc({ via: 'edit' });
    await this.cf.posts.tableEdited(gameId, g.version);
  }



  /**
   * The table as a follow-up of the game's newest click, when its token is still good (its id, and the token it went
   * out with); null: post it in the channel.
   */
  private async tableByFollowUp(g: GameRow, where: string, message: OutMessage): Promise<{ id: string; via?: { token: string; until: number } } | null> {
    if (!this.platform.followUp) return null;
    // A run before this one may have posted it as a follow-up and died before recording it: look first.
    if (g.table_via === g.version && g.table_version !== g.version && this.platform.findPosted) {
      const found = await this.platform.findPosted(where, makeId('T', g.id, g.version, ''));
      if (found) return { id: found, ...(g.reply_token ? { via: { token: g.reply_token, until: g.reply_until ?? 0 } } : {}) };
    }
    if (!g.reply_token || (g.reply_until ?? 0) <= this.c.now() || where !== (g.thread_id ?? g.channel_id)) return null;
    const via = await this.cf.posts.replyToken(g.id, g.version);
    if (!via) return null;
    const id = await this.platform.followUp(via.token, message);
    if (!id) {
      await this.cf.posts.replyTokenRefused(g.id, via.token);
      return null;
    }
    return { id, via };
  }

  /** Sends a seat its hand and choices by DM, unless the player turned DMs off. A closed DM is noted once. */
  private async dm(gameId: number, seat: Seat, why: 'turn' | 'private' | 'step' | 'remind', n: string, dueAt?: number): Promise<void> {
    const g = await this.cf.views.game(gameId);
    const to = await this.cf.views.recipient(gameId, seat);
    if (!g || !to || !to.dms || (g.status !== 'running' && g.status !== 'finished')) return;
    // One DM per turn: a step (or news for the hand) while the seat's DM of this turn is live redraws that DM.
    const live = why === 'step' || why === 'private' ? await this.cf.posts.dmPanel(gameId, seat) : null;
    if (why === 'step' && !live) return;
    // Where the game lives first: a DM links to it, and a closed DM is noted there (never lost to a thread in the making).
    const where = await this.placeOf(g);
    const locale = to.locale ?? await this.cf.views.publicLocale(g);
    const t = await tr(this.c, locale, g);
    const link = this.platform.link(g.guild_id, where);
    const game = (await this.cf.views.module(g)).engine.name;
    const lead = why === 'remind' && dueAt !== undefined
      ? t({ key: 'panel.dm_remind', args: { game, link, when: `<t:${Math.floor(dueAt / 1000)}:R>`, date: `<t:${Math.floor(dueAt / 1000)}:f>` } })
      : t({ key: why === 'private' ? 'panel.dm_private' : 'panel.dm_intro', args: { game, link } });
    const v = await this.cf.views.seatAt(g, seat);
    // A turn's DM that comes after the seat already chose (from the table's ping) has nothing left to say.
    if (why === 'turn' && !v.decision && g.status === 'running') return;
    if (live) {
      if (live.version >= g.version) return;
      const intro = t({ key: 'panel.dm_intro', args: { game, link } });
      // Redrawn in place while fresh (Discord allows few edits of messages older than an hour).
      const at = postedAt(live.messageId);
      const fresh = at === null || this.c.now() - at <= FRESH_MS;
      if (v.decision && !v.replaced && fresh && await this.platform.edit(live.channelId, live.messageId, await panel(this.c, v, locale, 0, intro))) {
        await this.cf.posts.dmPanelSent(gameId, seat, live, g.version, true);
        return;
      }
      if (why === 'step') return;
    }
    const { result, message } = await this.platform.dm(to.userId, await panel(this.c, v, locale, 0, lead), { nonce: `${n}d` });
    // A DM whose buttons choose is recorded, so that it loses them once answered or stale (a `dm_off` job).
    if (message && v.decision && !v.replaced) await this.cf.posts.dmPanelSent(gameId, seat, message, v.game.version);
    if (await this.cf.posts.dmResult(to.userId, result)) {
      await this.platform.post(where, { content: (await tr(this.c, await this.cf.views.publicLocale(g), g))({ key: 'panel.dm_closed_note', args: { name: safeName(to.name) } }) }, { nonce: `${n}c` });
    }
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

  private async redrawLobby(gameId: number): Promise<void> {
    const g = await this.cf.views.game(gameId);
    if (!g?.lobby_message_id) return;
    const t = await tr(this.c, await this.cf.views.publicLocale(g), g);
    const table = g.status === 'finished' ? await this.cf.views.table(gameId) : null;
    const result = table?.outcome ? winnerLine(table.outcome, table.names.map(safeName), t) : undefined;
    const link = g.thread_id ? this.platform.link(g.guild_id, g.thread_id) : undefined;
    const players = await this.cf.views.players(gameId);
    const m = lobbyMessage(g, players, await this.cf.views.module(g), t, { link, result, paces: await lobbyPaces(this.c, g, players, t.locale) });
    if (g.status === 'abandoned') m.content = t({ key: 'lobby.cancelled', args: { host: safeName((await this.cf.views.players(gameId)).find((p) => p.user_id === g.host_id)?.name ?? '?') } });
    // A lobby's card is its news, edited whatever its age (Discord may refuse: given up). Once the game began, an old
    // card stays as it is (its buttons answer that the game has begun or ended); the thread has the news.
    if (g.status !== 'lobby') await tidyEdit(this.c, 'lobby', g.channel_id, g.lobby_message_id, m);
    else if (!await this.platform.edit(g.channel_id, g.lobby_message_id, m)) metrics.editsSpared.inc({ kind: 'lobby', why: 'refused' });
  }

  private async notice(gameId: number, e: Extract<Effect, { kind: 'notice' }>, n: string): Promise<void> {
    const g = await this.cf.views.game(gameId);
    if (!g) return;
    const t = await tr(this.c, await this.cf.views.publicLocale(g), g);
    await this.platform.post(await this.placeOf(g), { content: t(e.msg), mentionUsers: e.mention ?? [] }, { nonce: n });
  }



  private async lobbyCancelled(e: Extract<Effect, { kind: 'lobby_cancelled' }>, n: string): Promise<void> {
    const g = await this.cf.views.game(e.gameId);
    if (!g) return;
    const t = await tr(this.c, await this.cf.views.publicLocale(g), g);
    await this.platform.post(e.threadId, { content: t({ key: 'lobby.cancelled_thread', args: { name: safeName(e.by) } }) }, { nonce: n });
  }

  /** Archives and locks a thread; where Discord refuses the lock (no Manage Threads), archived alone. */
  private async archive(threadId: string): Promise<void> {
    if (!await this.platform.archiveThread(threadId, true)) await this.platform.archiveThread(threadId, false);
  }

  private async remind(gameId: number, seat: Seat, dueAt: number, n: string): Promise<void> {
    const g = await this.cf.views.game(gameId);
    const to = await this.cf.views.recipient(gameId, seat);
    if (!g || !to) return;
    const t = await tr(this.c, await this.cf.views.publicLocale(g), g);
    const when = `<t:${Math.floor(dueAt / 1000)}:R>`, date = `<t:${Math.floor(dueAt / 1000)}:f>`;
    await this.platform.post(await this.placeOf(g), { content: t({ key: 'remind.text', args: { mention: `<@${to.userId}>`, game: (await this.cf.views.module(g)).engine.name, when, date } }), mentionUsers: [to.userId] }, { nonce: n });
    if (to.dms) await this.dm(gameId, seat, 'remind', n, dueAt);
  }

  private async deadlineVote(gameId: number, seat: Seat, n: string, quiet: string[]): Promise<void> {
    const g = await this.cf.views.game(gameId);
    if (!g || g.status !== 'running') return;
    const vote = await this.cf.deadlines.voteState(gameId, seat);
    if (!vote.open) return;
    const t = await tr(this.c, await this.cf.views.publicLocale(g), g);
    const m = deadlineMessage(gameId, g.version, seat, vote.name, vote.tally, t);
    const closes = vote.closesAt ? `\n${t({ key: 'deadline.closes', args: { when: `<t:${Math.floor(vote.closesAt / 1000)}:R>` } })}` : '';
    // Everyone is named; those in their quiet hours are not pinged (they get a DM when their quiet hours end).
    const id = await this.platform.post(await this.placeOf(g), { ...m, content: `${vote.voters.map((u) => `<@${u}>`).join(' ')}\n${m.content}${closes}`, mentionUsers: vote.voters.filter((u) => !quiet.includes(u)) }, { nonce: n });
    if (id) await this.cf.votes.pollPosted(gameId, `deadline.${seat}`, id);
  }

  private async voteDm(gameId: number, seat: Seat, userId: string, n: string): Promise<void> {
    const g = await this.cf.views.game(gameId);
    const vote = await this.cf.deadlines.voteState(gameId, seat);
    if (!g || g.status !== 'running' || !vote.open || !vote.voters.includes(userId)) return;
    const t = await tr(this.c, await this.cf.views.dmLocale(userId) ?? await this.cf.views.publicLocale(g), g);
    await this.platform.dm(userId, { content: t({ key: 'deadline.vote_dm', args: { name: safeName(vote.name), game: (await this.cf.views.module(g)).engine.name, link: this.platform.link(g.guild_id, place(g)), when: vote.closesAt ? `<t:${Math.floor(vote.closesAt / 1000)}:R>` : '' } }) }, { nonce: n });
  }

}
