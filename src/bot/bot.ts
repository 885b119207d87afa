/**
 * Campfire's interaction handling, over the narrow `Ix` / `Platform` surface. One router for every
 * button and menu (by the custom_id grammar of `ids.ts`), no collectors: everything a click needs is in
 * its id and the database, so every button works after a restart.
 */
import { localeOf, type Formatter, type Locale } from '../engine/i18n.js';
import { randInt, seedRng } from '../engine/rng.js';
import type { Decision, GameEvent, Msg, Seat } from '../engine/types.js';
import { getGame } from '../games/registry.js';
import type { GameModule } from '../games/types.js';
import type { GameService, ServiceError } from '../service/games.js';
import type { GameRow } from '../store/repo.js';
import { parseId, type ParsedId } from './ids.js';
import { button, clip, fitContent, lobbyMessage, panelComponents, resultLines, row, tableButtons, translator } from './present.js';
import type { Ix, Logger, OutMessage, Platform } from './platform.js';
import { makeId } from './ids.js';

export interface BotOptions {
  /** How a computer player chooses; by default a uniformly random legal option. */
  computerChoice?: (module: GameModule, state: unknown, seat: Seat, decision: Decision, seed: string) => Promise<string>;
  /** Called when background work for a game has settled (tests wait on it). */
  onIdle?: (gameId: number) => void;
}

class UserError extends Error {
  constructor(readonly msg: Msg) { super(msg.key); }
}

const LOG_PAGE = 15;

export class CampfireBot {
  /** Background work per game (table posts, DMs, computer moves) runs in order, one game at a time. */
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    readonly service: GameService,
    readonly platform: Platform,
    readonly log: Logger,
    readonly opts: BotOptions = {},
  ) {}

  get repo() { return this.service.repo; }

  // ---- entry point --------------------------------------------------------------------------------

  async handle(ix: Ix): Promise<void> {
    let answered = false;
    const wrapped: Ix = {
      ...ix,
      reply: async (m, e) => { answered = true; await ix.reply(m, e); },
      update: async (m) => { answered = true; await ix.update(m); },
      followUp: (m, e) => ix.followUp(m, e),
      replyMessageId: () => ix.replyMessageId(),
    };
    try {
      if (ix.command) await this.onCommand(wrapped);
      else if (ix.customId !== undefined) await this.onComponent(wrapped);
    } catch (err) {
      const t = translator(ix.locale, undefined);
      const text = err instanceof UserError ? t(err.msg) : t({ key: 'error.internal' });
      if (!(err instanceof UserError)) this.log.error('interaction failed', { user: ix.user.id, customId: ix.customId, command: ix.command?.sub, err: String((err as Error)?.stack ?? err) });
      try {
        if (answered) await ix.followUp({ content: text }, true);
        else await ix.reply({ content: text }, true);
      } catch (e) {
        this.log.warn('could not send the error reply', { err: String(e) });
      }
    }
  }

  /**
   * After a restart: a game whose newest table is older than its state (the process died between the
   * commit and the post) gets its table posted again, and computer players whose turn it is move.
   */
  recover(): void {
    const rows = this.repo.db.prepare("SELECT id FROM games WHERE status = 'running' AND (table_version IS NULL OR table_version < version)").all() as { id: number }[];
    for (const { id } of rows) this.enqueue(id, () => this.postTable(id));
    const running = this.repo.db.prepare("SELECT id FROM games WHERE status = 'running'").all() as { id: number }[];
    for (const { id } of running) this.enqueue(id, () => this.runComputers(id));
  }

  /** Waits until every game's background work has finished (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }

  private enqueue(gameId: number, job: () => Promise<void>): void {
    const prev = this.queues.get(gameId) ?? Promise.resolve();
    const next = prev.then(job).catch((err) => this.log.error('background job failed', { gameId, err: String((err as Error)?.stack ?? err) }));
    this.queues.set(gameId, next);
    void next.then(() => {
      if (this.queues.get(gameId) === next) {
        this.queues.delete(gameId);
        this.opts.onIdle?.(gameId);
      }
    });
  }

  // ---- helpers ------------------------------------------------------------------------------------

  private names(gameId: number): string[] {
    return this.service.seats(gameId).map((p) => p.name);
  }

  private tr(locale: Locale, row_?: GameRow): Formatter {
    const module = row_ ? getGame(row_.game) : undefined;
    return translator(locale, module, row_ ? this.names(row_.id) : []);
  }

  private fail(error: ServiceError, row_?: GameRow, engineMsg?: Msg): never {
    if (engineMsg) throw new UserError(engineMsg);
    const args: Record<string, string | number> = {};
    if (row_) {
      args.host = this.repo.players(row_.id).find((p) => p.user_id === row_.host_id)?.name ?? '?';
      args.min = getGame(row_.game)?.engine.minPlayers ?? 0;
    }
    throw new UserError({ key: `error.${error}`, args });
  }

  private place(row_: GameRow): string {
    return row_.thread_id ?? row_.channel_id;
  }

  private gameHere(ix: Ix, live = true): GameRow {
    const g = live ? this.repo.liveGameIn(ix.channelId) ?? this.repo.latestGameIn(ix.channelId) : this.repo.latestGameIn(ix.channelId);
    if (!g) throw new UserError({ key: 'error.no_game_here' });
    return g;
  }

  // ---- commands -----------------------------------------------------------------------------------

  private async onCommand(ix: Ix): Promise<void> {
    const { sub, options } = ix.command!;
    if (ix.inDm && sub !== 'settings' && sub !== 'rules') throw new UserError({ key: 'error.dm_only_commands' });
    switch (sub) {
      case 'new': return this.cmdNew(ix, String(options.game ?? ''));
      case 'status': return this.cmdStatus(ix);
      case 'log': return this.showLog(ix, this.gameHere(ix), typeof options.page === 'number' ? options.page - 1 : undefined, false);
      case 'rules': return this.cmdRules(ix, options.game as string | undefined);
      case 'hand': return this.showHand(ix, this.gameHere(ix));
      case 'abandon': return this.cmdAbandon(ix);
      case 'settings': {
        const s = this.repo.settings(ix.user.id);
        s.dms = options.dms ? 1 : 0;
        if (s.dms) s.dm_closed = 0;
        this.repo.saveSettings(s);
        const t = this.tr(ix.locale);
        return ix.reply({ content: t({ key: 'cmd.settings_saved', args: { state: t({ key: s.dms ? 'cmd.on' : 'cmd.off' }) } }) }, true);
      }
      default: throw new UserError({ key: 'error.bad_id' });
    }
  }

  private async cmdNew(ix: Ix, gameId: string): Promise<void> {
    const module = getGame(gameId);
    if (!module) throw new UserError({ key: 'error.unknown_game' });
    if (ix.inThread && this.repo.liveGameIn(ix.channelId)?.thread_id === ix.channelId) throw new UserError({ key: 'error.game_here' });
    const created = this.service.createLobby({
      game: gameId, guildId: ix.guildId, channelId: ix.channelId, threadId: ix.inThread ? ix.channelId : null,
      host: ix.user, locale: ix.guildLocale,
    });
    if (!created.ok) this.fail(created.error);
    const row_ = created.value;
    const t = this.tr(ix.guildLocale, row_);
    await ix.reply(lobbyMessage(row_, this.repo.players(row_.id), module, t), false);
    const messageId = await ix.replyMessageId();
    this.repo.update(row_.id, { lobby_message_id: messageId });
    if (ix.inThread || !messageId) return;
    const threadId = await this.platform.createThread(ix.channelId, messageId, clip(t({ key: 'lobby.thread_name', args: { game: module.engine.name, id: row_.id } }), 100));
    if (threadId) this.repo.update(row_.id, { thread_id: threadId });
    else await ix.followUp({ content: t({ key: 'lobby.no_thread' }) }, false);
  }

  private async cmdStatus(ix: Ix): Promise<void> {
    const g = this.gameHere(ix);
    const t = this.tr(ix.locale, g);
    if (g.status === 'lobby') return ix.reply(lobbyMessage(g, this.repo.players(g.id), this.service.module(g), t), true);
    if (g.status === 'running') {
      await ix.reply({ content: t({ key: 'cmd.status_posted' }) }, true);
      this.enqueue(g.id, () => this.postTable(g.id));
      return;
    }
    const state = g.state ? this.service.state(g) : null;
    const outcome = state ? this.service.module(g).engine.outcome(state) : null;
    return ix.reply({ content: outcome ? fitContent(resultLines(outcome, this.names(g.id), t)) : t({ key: 'error.not_running' }) }, true);
  }

  private async cmdRules(ix: Ix, gameId: string | undefined): Promise<void> {
    const module = getGame(gameId ?? '') ?? (() => {
      const g = this.repo.latestGameIn(ix.channelId);
      return g ? getGame(g.game) : undefined;
    })();
    if (!module) throw new UserError({ key: 'error.no_game_here' });
    const t = this.tr(ix.locale);
    const text = module.ui.rules[ix.locale];
    return ix.reply({ embeds: [{ title: t({ key: 'cmd.rules_title', args: { game: module.engine.name } }), description: clip(text, 4000), color: 0xd9822b }] }, true);
  }

  private async cmdAbandon(ix: Ix): Promise<void> {
    const g = this.gameHere(ix);
    if (g.status !== 'running' && g.status !== 'lobby') this.fail('not_running', g);
    const seated = this.service.seats(g.id).filter((p) => p.kind === 'human');
    const t = this.tr(localeOf(g.locale), g);
    if (g.host_id === ix.user.id || ix.canManageThreads || g.status === 'lobby') {
      if (g.status === 'lobby' && g.host_id !== ix.user.id && !ix.canManageThreads) this.fail('not_host', g);
      this.service.abandon(g.id);
      await ix.reply({ content: t({ key: 'cmd.abandoned', args: { name: ix.user.name } }) }, false);
      await this.takeButtonsOff(g);
      return;
    }
    if (!seated.some((p) => p.user_id === ix.user.id)) this.fail('not_seated', g);
    this.repo.clearVotes(g.id, 'abandon');
    this.repo.vote(g.id, 'abandon', ix.user.id, 'yes');
    const message = this.voteMessage(g, ix.user.name);
    const verdict = this.closeVoteIfDecided(g);
    if (verdict) {
      message.components = [];
      message.content += `\n${verdict}`;
    }
    await ix.reply(message, false);
    if (verdict && this.repo.game(g.id)!.status === 'abandoned') await this.takeButtonsOff(g);
  }

  private voteMessage(g: GameRow, proposer: string): OutMessage {
    const t = this.tr(localeOf(g.locale), g);
    const votes = this.repo.votes(g.id, 'abandon');
    const n = this.service.seats(g.id).filter((p) => p.kind === 'human').length;
    const id = (a: string) => makeId('V', g.id, 0, a);
    return {
      content: t({ key: 'cmd.abandon_vote', args: { name: proposer, yes: votes.filter((v) => v.vote === 'yes').length, no: votes.filter((v) => v.vote === 'no').length, n } }),
      components: [row(button(id(`abandon.yes`), t({ key: 'cmd.abandon_yes' }), 'danger'), button(id('abandon.no'), t({ key: 'cmd.abandon_no' })))],
    };
  }

  /** Closes the abandon vote once a majority is certain either way; returns the verdict text if it closed. */
  private closeVoteIfDecided(g: GameRow): string | null {
    const humans = this.service.seats(g.id).filter((p) => p.kind === 'human').length;
    const votes = this.repo.votes(g.id, 'abandon');
    const yes = votes.filter((v) => v.vote === 'yes').length;
    const no = votes.filter((v) => v.vote === 'no').length;
    const t = this.tr(localeOf(g.locale), g);
    if (yes * 2 > humans) {
      this.service.abandon(g.id);
      this.repo.clearVotes(g.id, 'abandon');
      return t({ key: 'cmd.abandoned', args: { name: t({ key: 'cmd.abandon_yes' }) } });
    }
    if (no * 2 >= humans) {
      this.repo.clearVotes(g.id, 'abandon');
      return t({ key: 'cmd.abandon_vote_failed' });
    }
    return null;
  }

  private async takeButtonsOff(g: GameRow): Promise<void> {
    if (g.table_message_id) await this.platform.edit(this.place(g), g.table_message_id, { components: [] });
  }

  // ---- components ---------------------------------------------------------------------------------

  private async onComponent(ix: Ix): Promise<void> {
    const id = parseId(ix.customId);
    if (!id) {
      this.log.warn('malformed custom_id', { customId: clip(String(ix.customId), 120), user: ix.user.id });
      throw new UserError({ key: 'error.bad_id' });
    }
    const g = this.repo.game(id.gameId);
    if (!g) throw new UserError({ key: 'error.unknown_game' });
    switch (id.kind) {
      case 'L': return this.onLobby(ix, g, id);
      case 'T': return this.onTable(ix, g, id);
      case 'C': return this.onChoice(ix, g, id, id.arg);
      case 'M': {
        const value = ix.values?.[0];
        if (typeof value !== 'string' || ix.values!.length !== 1) throw new UserError({ key: 'error.bad_id' });
        return this.onChoice(ix, g, id, value);
      }
      case 'V': return this.onVote(ix, g, id);
    }
  }

  private async onLobby(ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
    const module = this.service.module(g);
    let r;
    if (id.arg === 'join') r = this.service.join(g.id, ix.user);
    else if (id.arg === 'leave') r = this.service.leave(g.id, ix.user.id);
    else if (id.arg === 'start') r = this.service.start(g.id, ix.user.id);
    else if (id.arg === 'cancel') r = this.service.cancel(g.id, ix.user.id);
    else if (id.arg === 'addai') {
      if (g.host_id !== ix.user.id) this.fail('not_host', g);
      const n = this.repo.players(g.id).filter((p) => p.kind === 'ai').length + 1;
      r = this.service.join(g.id, { id: `ai:${n}`, name: this.tr(localeOf(g.locale))({ key: 'lobby.computer', args: { n } }) }, 'ai');
    } else if (id.arg.startsWith('opt.')) {
      const value = ix.values?.[0];
      if (typeof value !== 'string') throw new UserError({ key: 'error.bad_id' });
      r = this.service.setOption(g.id, ix.user.id, id.arg.slice(4), value);
    } else throw new UserError({ key: 'error.bad_id' });
    if (!r.ok) this.fail(r.error, this.repo.game(g.id) ?? g);
    const now = r.value;
    const t = this.tr(localeOf(now.locale), now);
    const message = lobbyMessage(now, this.repo.players(now.id), module, t);
    if (now.status === 'abandoned') message.content = t({ key: 'lobby.cancelled', args: { host: ix.user.name } });
    await ix.update(message);
    if (now.status === 'running') {
      const seats = this.names(now.id);
      const content = t({ key: 'lobby.started', args: { seats: seats.map((n, i) => `${i + 1}. ${n}`).join(', ') } });
      if (now.thread_id && now.thread_id !== ix.channelId) await this.platform.post(now.thread_id, { content });
      else await ix.followUp({ content }, false);
      this.enqueue(now.id, () => this.afterChange(now.id, null, [], []));
    }
  }

  private async onTable(ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
    if (id.arg === 'turn') return this.showPanel(ix, g, 'reply');
    if (id.arg === 'hand') return this.showHand(ix, g);
    if (id.arg.startsWith('log.')) {
      const page = Number(id.arg.slice(4));
      if (!Number.isInteger(page) || page < 0) throw new UserError({ key: 'error.bad_id' });
      return this.showLog(ix, g, page === 0 && id.version === 0 ? undefined : page, ix.values === undefined && id.version === 1);
    }
    if (id.arg.startsWith('page.')) {
      const page = Number(id.arg.slice(5));
      if (!Number.isInteger(page) || page < 0) throw new UserError({ key: 'error.bad_id' });
      return this.showPanel(ix, g, 'update', page);
    }
    throw new UserError({ key: 'error.bad_id' });
  }

  private async onVote(ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
    const t = this.tr(ix.locale, g);
    if (id.arg !== 'abandon.yes' && id.arg !== 'abandon.no') throw new UserError({ key: 'error.bad_id' });
    const votes = this.repo.votes(g.id, 'abandon');
    if (g.status !== 'running' || votes.length === 0) return ix.update({ content: t({ key: 'cmd.vote_closed' }), components: [] });
    if (!this.service.seats(g.id).some((p) => p.user_id === ix.user.id && p.kind === 'human')) this.fail('not_seated', g);
    this.repo.vote(g.id, 'abandon', ix.user.id, id.arg === 'abandon.yes' ? 'yes' : 'no');
    const proposer = this.repo.players(g.id).find((p) => p.user_id === votes[0]!.user_id)?.name ?? '?';
    const message = this.voteMessage(g, proposer);
    const verdict = this.closeVoteIfDecided(g);
    if (verdict) {
      message.components = [];
      message.content += `\n${verdict}`;
    }
    await ix.update(message);
    if (verdict && this.repo.game(g.id)!.status === 'abandoned') await this.takeButtonsOff(g);
  }

  // ---- panels -------------------------------------------------------------------------------------

  /** The private panel of a seat: its hand picture, the prompt and exactly its options. */
  panel(g: GameRow, seat: Seat, locale: Locale, page = 0, lead?: string): OutMessage {
    const module = this.service.module(g);
    const t = translator(locale, module, this.names(g.id));
    const state = this.service.state(g);
    const view = module.engine.view(state, seat);
    const hand = module.ui.renderHand(view, seat, { t, names: this.names(g.id) });
    const files = hand ? [{ name: 'hand.png', data: hand }] : [];
    const d = g.status === 'running' ? module.engine.decisions(state).find((x) => x.seat === seat) : undefined;
    const lines = lead ? [lead] : [];
    if (!d) {
      lines.push(t({ key: 'panel.nothing_owed', args: { status: module.ui.status(view, { t, names: this.names(g.id) }) } }));
      return { content: fitContent(lines), components: [], files };
    }
    lines.push(t({ key: 'panel.prompt_for', args: { prompt: d.prompt } }));
    const { components } = panelComponents(d, g.id, g.version, t, page);
    return { content: fitContent(lines), components, files };
  }

  private requireSeat(g: GameRow, userId: string): Seat {
    const seat = this.service.seatOf(g.id, userId);
    if (seat === null || g.status === 'lobby') this.fail('not_seated', g);
    return seat;
  }

  private async showPanel(ix: Ix, g: GameRow, how: 'reply' | 'update', page = 0): Promise<void> {
    const seat = this.requireSeat(g, ix.user.id);
    const m = this.panel(g, seat, ix.locale, page);
    if (how === 'update') await ix.update(m);
    else await ix.reply(m, true);
  }

  private async showHand(ix: Ix, g: GameRow): Promise<void> {
    const seat = this.requireSeat(g, ix.user.id);
    const module = this.service.module(g);
    const t = translator(ix.locale, module, this.names(g.id));
    const view = module.engine.view(this.service.state(g), seat);
    const hand = module.ui.renderHand(view, seat, { t, names: this.names(g.id) });
    await ix.reply({ content: module.ui.status(view, { t, names: this.names(g.id) }), files: hand ? [{ name: 'hand.png', data: hand }] : [] }, true);
  }

  private async showLog(ix: Ix, g: GameRow, page: number | undefined, update: boolean): Promise<void> {
    const seat = this.service.seatOf(g.id, ix.user.id);
    const module = this.service.module(g);
    const t = translator(ix.locale, module, this.names(g.id));
    const lines = this.service.log(g.id, seat).map((l) => `\`${l.version}\` ${t(l.event.msg)}`);
    const pages = Math.max(1, Math.ceil(lines.length / LOG_PAGE));
    const p = Math.min(page ?? pages - 1, pages - 1);
    const shown = lines.slice(p * LOG_PAGE, p * LOG_PAGE + LOG_PAGE);
    const nav = [];
    if (p > 0) nav.push(button(makeId('T', g.id, 1, `log.${p - 1}`), '◀'));
    if (p < pages - 1) nav.push(button(makeId('T', g.id, 1, `log.${p + 1}`), '▶'));
    const m: OutMessage = {
      embeds: [{ title: t({ key: 'cmd.log_title', args: { game: module.engine.name, id: g.id, page: p + 1, pages } }), description: clip(shown.join('\n') || t({ key: 'cmd.log_empty' }), 4000) }],
      components: nav.length ? [row(...nav)] : [],
    };
    if (update) await ix.update(m);
    else await ix.reply(m, true);
  }

  // ---- decisions ----------------------------------------------------------------------------------

  private async onChoice(ix: Ix, g: GameRow, id: ParsedId, optionId: string): Promise<void> {
    const t = this.tr(ix.locale, g);
    if (g.status !== 'running') this.fail('not_running', g);
    const seat = this.requireSeat(g, ix.user.id);
    const r = this.service.decide(g.id, { userId: ix.user.id }, id.version, optionId);
    if (!r.ok) {
      const now = this.repo.game(g.id)!;
      if (r.error === 'stale' || r.error === 'unknown_option' || r.error === 'not_your_turn') {
        const owes = this.service.decisions(now).some((d) => d.seat === seat);
        const lead = r.msg ? t(r.msg) : t({ key: owes ? 'error.stale' : 'error.stale_nothing' });
        return ix.reply(owes ? this.panel(now, seat, ix.locale, 0, lead) : { content: lead }, true);
      }
      this.fail(r.error, now, r.msg);
    }
    const after = r.value.game;
    const stillOwes = this.service.decisions(after).some((d) => d.seat === seat);
    await ix.update(stillOwes ? this.panel(after, seat, ix.locale) : { content: t({ key: 'panel.done' }), components: [], files: [] });
    const owedBefore = this.service.module(after).engine.decisions(r.value.before).map((d) => d.seat);
    this.enqueue(g.id, () => this.afterChange(g.id, seat, r.value.events, owedBefore));
  }

  /**
   * After the state changed: post the table when something public happened or the turn moved, DM the
   * players whose turn came or whose hidden holdings changed, and let computer players move.
   */
  private async afterChange(gameId: number, actor: Seat | null, events: GameEvent[], owedBefore: Seat[]): Promise<void> {
    const g = this.repo.game(gameId);
    if (!g || (g.status !== 'running' && g.status !== 'finished')) return;
    const owedNow = this.service.decisions(g).map((d) => d.seat);
    const turnMoved = owedNow.join(',') !== owedBefore.join(',');
    if (actor === null || turnMoved || events.some((e) => !e.to) || g.status === 'finished') await this.postTable(gameId);
    const seats = this.service.seats(gameId);
    for (const seat of owedNow) {
      if (seat === actor || owedBefore.includes(seat) && !turnMoved) continue;
      const p = seats[seat];
      if (p?.kind === 'human' && !owedBefore.includes(seat)) await this.dmPanel(g, seat);
    }
    for (const seat of new Set(events.flatMap((e) => e.to ?? []))) {
      if (seat === actor || owedNow.includes(seat) && !owedBefore.includes(seat)) continue;
      if (seats[seat]?.kind === 'human') await this.dmPanel(g, seat, true);
    }
    await this.runComputers(gameId);
  }

  private async runComputers(gameId: number): Promise<void> {
    const g = this.repo.game(gameId);
    if (!g || g.status !== 'running') return;
    const seats = this.service.seats(gameId);
    const d = this.service.decisions(g).find((x) => seats[x.seat]?.kind === 'ai');
    if (!d) return;
    const module = this.service.module(g);
    const state = this.service.state(g);
    const option = this.opts.computerChoice
      ? await this.opts.computerChoice(module, state, d.seat, d, `${g.seed}:${g.version}`)
      : d.options.filter((o) => o.role !== 'back')[randInt(seedRng(`${g.seed}:${g.version}`), d.options.filter((o) => o.role !== 'back').length)]!.id;
    const r = this.service.decide(gameId, { userId: seats[d.seat]!.user_id, asSeat: d.seat }, g.version, option);
    if (!r.ok) {
      this.log.warn('computer move rejected', { gameId, error: r.error });
      return;
    }
    const owedBefore = module.engine.decisions(r.value.before).map((x) => x.seat);
    this.enqueue(gameId, () => this.afterChange(gameId, d.seat, r.value.events, owedBefore));
  }

  /** Sends a seat its hand and choices by DM, unless the player turned DMs off. A closed DM is noted once. */
  private async dmPanel(g: GameRow, seat: Seat, privateChange = false): Promise<void> {
    const p = this.service.seats(g.id)[seat];
    if (!p || p.kind !== 'human') return;
    const settings = this.repo.settings(p.user_id);
    if (!settings.dms) return;
    const locale = localeOf(settings.locale ?? g.locale);
    const t = this.tr(locale, g);
    const link = this.platform.link(g.guild_id, this.place(g));
    const lead = t({ key: privateChange ? 'panel.dm_private' : 'panel.dm_intro', args: { game: this.service.module(g).engine.name, link } });
    const result = await this.platform.dm(p.user_id, this.panel(g, seat, locale, 0, lead));
    if (result === 'closed' && !settings.dm_closed) {
      this.repo.saveSettings({ ...settings, dm_closed: 1 });
      await this.platform.post(this.place(g), { content: this.tr(localeOf(g.locale), g)({ key: 'panel.dm_closed_note', args: { name: p.name } }) });
    } else if (result === 'sent' && settings.dm_closed) {
      this.repo.saveSettings({ ...settings, dm_closed: 0 });
    }
  }

  /** Posts a fresh table message (board, what happened, who acts) and takes the buttons off the old one. */
  async postTable(gameId: number): Promise<void> {
    const g = this.repo.game(gameId);
    if (!g || !g.state) return;
    const module = this.service.module(g);
    const names = this.names(gameId);
    const t = translator(localeOf(g.locale), module, names);
    const state = this.service.state(g);
    const view = module.engine.view(state, null);
    const png = module.ui.renderTable(view, { t, names });
    const seats = this.service.seats(gameId);
    const lines: string[] = [];
    const recent = this.service.log(gameId, null).filter((l) => l.version > (g.table_version ?? 0));
    if (recent.length) lines.push(`**${t({ key: 'table.round_log' })}**`, ...recent.map((l) => `• ${t(l.event.msg)}`));
    lines.push('', module.ui.status(view, { t, names }));
    const owed = this.service.decisions(g).map((d) => seats[d.seat]!).filter(Boolean);
    const humans = owed.filter((p) => p.kind === 'human');
    const outcome = module.engine.outcome(state);
    if (outcome) lines.push('', ...resultLines(outcome, names, t));
    else if (humans.length) lines.push(t({ key: 'table.your_move', args: { players: humans.map((p) => `<@${p.user_id}>`).join(', ') } }));
    else if (owed.length) lines.push(t({ key: 'table.waiting_for', args: { players: owed.map((p) => p.name).join(', ') } }));
    const messageId = await this.platform.post(this.place(g), {
      content: fitContent(lines),
      files: [{ name: 'table.png', data: png }],
      components: tableButtons(gameId, g.version, t, !outcome),
      mentionUsers: outcome ? [] : humans.map((p) => p.user_id),
    });
    if (!messageId) {
      this.log.warn('table post refused; it will be posted again by the next action or /campfire status', { gameId });
      return;
    }
    if (g.table_message_id) await this.platform.edit(this.place(g), g.table_message_id, { components: [] });
    this.repo.update(gameId, { table_message_id: messageId, table_version: g.version });
  }
}
