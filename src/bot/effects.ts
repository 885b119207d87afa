/**
 * Carries out the effects a service call returned, after the reply to the click: one queue per game (in order,
 * one game's work never waits for another's), each effect drawn from the newest state when it runs.
 */
import { randInt, seedRng } from '../engine/rng.js';
import type { Decision, Seat } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import type { Campfire, Effect } from '../service/index.js';
import { place, tr, type BotContext } from './context.js';
import { sendDigest } from './games-list.js';
import { panel } from './panels.js';
import type { Logger, Platform } from './platform.js';
import { deadlineMessage } from './polls.js';
import { lobbyMessage, safeName } from './present.js';
import { tableMessage } from './table.js';

export type ComputerChooser = (level: string, module: GameModule, state: unknown, seat: Seat, decision: Decision, seed: string) => Promise<string>;

export interface RunnerOptions {
  /** How a computer player chooses; by default a uniformly random legal option (every level). */
  computerChoice?: ComputerChooser;
  /** Called when a game's queue has run empty (tests wait on it). */
  onIdle?: (gameId: number) => void;
}

export class EffectsRunner {
  private readonly queues = new Map<number, Promise<void>>();
  private c!: BotContext;

  constructor(private readonly cf: Campfire, private readonly platform: Platform, private readonly log: Logger, private readonly opts: RunnerOptions = {}) {}

  /** The bot context, once it exists (it holds this runner). */
  bind(c: BotContext): void { this.c = c; }

  /**
   * Queues effects behind the game's earlier work. They start on a later turn of the event loop, never inside
   * the interaction that caused them: the reply to the click goes out first.
   */
  submit(effects: readonly Effect[]): void {
    for (const e of effects) this.enqueue(e.gameId, () => this.run(e));
  }

  /** Waits until every queue is empty (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }

  private enqueue(gameId: number, job: () => Promise<void>): void {
    const prev = this.queues.get(gameId) ?? Promise.resolve();
    const next = prev.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(job)
      .catch((err) => this.log.error('background job failed', { gameId, err: String((err as Error)?.stack ?? err) }));
    this.queues.set(gameId, next);
    void next.then(() => {
      if (this.queues.get(gameId) === next) {
        this.queues.delete(gameId);
        this.opts.onIdle?.(gameId);
      }
    });
  }

  private async run(e: Effect): Promise<void> {
    switch (e.kind) {
      case 'table': return this.postTable(e.gameId);
      case 'dm': return this.dm(e.gameId, e.seat, e.why === 'private');
      case 'computer': return this.computer(e.gameId);
      case 'lobby': return this.redrawLobby(e.gameId);
      case 'notice': return this.notice(e.gameId, e);
      case 'buttons_off': return this.buttonsOff(e.gameId);
      case 'remind': return this.remind(e.gameId, e.seat, e.dueAt);
      case 'deadline_vote': return this.deadlineVote(e.gameId, e.seat);
      case 'digest': return sendDigest(this.c, e.userId);
    }
  }

  /** Posts a fresh table message (board, what happened, who acts) and takes the buttons off the old one. */
  async postTable(gameId: number): Promise<void> {
    const view = this.cf.views.table(gameId);
    if (!view) return;
    const g = view.game;
    const messageId = await this.platform.post(place(g), tableMessage(this.c, view));
    if (!messageId) {
      if (g.thread_id && !(await this.platform.exists(g.thread_id))) {
        // The game's thread was deleted: the game carries on in the channel it was opened from.
        this.log.warn('game thread deleted; moving the game to its channel', { gameId, thread: g.thread_id });
        this.cf.posts.threadGone(gameId);
        const t = tr(this.c, view.locale, g);
        await this.platform.post(g.channel_id, { content: t({ key: 'table.thread_gone', args: { game: view.module.engine.name, id: gameId } }) });
        return this.postTable(gameId);
      }
      this.log.warn('table post refused; it will be posted again by the next action or /campfire status', { gameId });
      return;
    }
    const previous = this.cf.posts.tablePosted(gameId, g.version, messageId);
    if (previous) await this.platform.edit(place(g), previous, { components: [] });
  }

  /** Sends a seat its hand and choices by DM, unless the player turned DMs off. A closed DM is noted once. */
  private async dm(gameId: number, seat: Seat, privateChange: boolean): Promise<void> {
    const g = this.cf.views.game(gameId);
    const to = this.cf.views.recipient(gameId, seat);
    if (!g || !to || !to.dms || (g.status !== 'running' && g.status !== 'finished')) return;
    const locale = to.locale ?? this.cf.views.publicLocale(g);
    const t = tr(this.c, locale, g);
    const link = this.platform.link(g.guild_id, place(g));
    const lead = t({ key: privateChange ? 'panel.dm_private' : 'panel.dm_intro', args: { game: this.cf.views.module(g).engine.name, link } });
    const result = await this.platform.dm(to.userId, panel(this.c, this.cf.views.seatAt(g, seat), locale, 0, lead));
    if (this.cf.posts.dmResult(to.userId, result)) {
      await this.platform.post(place(g), { content: tr(this.c, this.cf.views.publicLocale(g), g)({ key: 'panel.dm_closed_note', args: { name: safeName(to.name) } }) });
    }
  }

  /** Lets a computer move when one owes a decision (computer seats and seats handed to a computer). */
  private async computer(gameId: number): Promise<void> {
    const turn = this.cf.play.computerTurn(gameId);
    if (!turn) return;
    const choosable = turn.decision.options.filter((o) => o.role !== 'back');
    const option = this.opts.computerChoice
      ? await this.opts.computerChoice(turn.level, turn.module, turn.state, turn.seat, turn.decision, turn.seed)
      : choosable[randInt(seedRng(turn.seed), choosable.length)]!.id;
    const r = this.cf.play.computerChose(turn, option);
    if (!r.ok) {
      this.log.warn('computer move rejected', { gameId, error: r.error });
      return;
    }
    this.submit(r.effects);
  }

  private async redrawLobby(gameId: number): Promise<void> {
    const g = this.cf.views.game(gameId);
    if (!g?.lobby_message_id) return;
    const t = tr(this.c, this.cf.views.publicLocale(g), g);
    const m = lobbyMessage(g, this.cf.views.players(gameId), this.cf.views.module(g), t);
    if (g.status === 'abandoned') m.content = t({ key: 'lobby.cancelled', args: { host: safeName(this.cf.views.players(gameId).find((p) => p.user_id === g.host_id)?.name ?? '?') } });
    await this.platform.edit(g.channel_id, g.lobby_message_id, m);
  }

  private async notice(gameId: number, e: Extract<Effect, { kind: 'notice' }>): Promise<void> {
    const g = this.cf.views.game(gameId);
    if (!g) return;
    const t = tr(this.c, this.cf.views.publicLocale(g), g);
    await this.platform.post(place(g), { content: t(e.msg), mentionUsers: e.mention ?? [] });
  }

  private async buttonsOff(gameId: number): Promise<void> {
    const g = this.cf.views.game(gameId);
    if (g?.table_message_id) await this.platform.edit(place(g), g.table_message_id, { components: [] });
  }

  private async remind(gameId: number, seat: Seat, dueAt: number): Promise<void> {
    const g = this.cf.views.game(gameId);
    const to = this.cf.views.recipient(gameId, seat);
    if (!g || !to) return;
    const t = tr(this.c, this.cf.views.publicLocale(g), g);
    const when = `<t:${Math.floor(dueAt / 1000)}:R>`;
    await this.platform.post(place(g), { content: t({ key: 'remind.text', args: { mention: `<@${to.userId}>`, game: this.cf.views.module(g).engine.name, when } }), mentionUsers: [to.userId] });
    if (to.dms) await this.dm(gameId, seat, false);
  }

  private async deadlineVote(gameId: number, seat: Seat): Promise<void> {
    const g = this.cf.views.game(gameId);
    if (!g || g.status !== 'running') return;
    const vote = this.cf.deadlines.voteState(gameId, seat);
    if (!vote.open) return;
    const m = deadlineMessage(gameId, g.version, seat, vote.name, vote.tally, tr(this.c, this.cf.views.publicLocale(g), g));
    const id = await this.platform.post(place(g), { ...m, content: `${vote.voters.map((u) => `<@${u}>`).join(' ')}\n${m.content}`, mentionUsers: vote.voters });
    if (id) this.cf.votes.pollPosted(gameId, `deadline.${seat}`, id);
  }
}
