/**
 * Campfire's interaction handling, over the narrow `Ix` / `Platform` surface. One router for every
 * button and menu (by the custom_id grammar of `ids.ts`), no collectors: everything a click needs is in
 * its id and the database, so every button works after a restart.
 */
import { apply } from '../engine/apply.js';
import { localeOf, type Formatter, type Locale } from '../engine/i18n.js';
import { gifFromFrames, spread } from '../render/replay.js';
import { DAY, HOUR, deadlineOf, dueActions, onVacation, vacationDaysUsed, type TimerAction } from '../service/timers.js';
import { randInt, seedRng } from '../engine/rng.js';
import type { Decision, GameEvent, Msg, Seat } from '../engine/types.js';
import { getGame } from '../games/registry.js';
import { RULES_PARTS, type GameModule } from '../games/types.js';
import type { GameService, ServiceError } from '../service/games.js';
import type { GameRow } from '../store/repo.js';
import { parseId, type ParsedId } from './ids.js';
import { button, clip, DEADLINE_CHOICES, fitContent, lobbyMessage, lobbyOptionsPage, panelComponents, resultLines, row, tableButtons, translator } from './present.js';
import type { Ix, Logger, OutMessage, Platform } from './platform.js';
import { makeId } from './ids.js';

export type ComputerChooser = (level: string, module: GameModule, state: unknown, seat: Seat, decision: Decision, seed: string) => Promise<string>;

export interface BotOptions {
  /** How a computer player chooses; by default a uniformly random legal option (every level). */
  computerChoice?: ComputerChooser;
  /** The clock (tests control it). */
  now?: () => number;
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

  private now(): number { return (this.opts.now ?? Date.now)(); }

  /** Language of a game's public posts: the server's setting, else the server's Discord locale. */
  private publicLocale(g: GameRow): Locale {
    const set = g.guild_id ? this.repo.guildSettings(g.guild_id).locale : null;
    return localeOf(set ?? g.locale);
  }

  /** A user's language: their Campfire setting, else their Discord locale. */
  private userLocale(userId: string, discordLocale: Locale): Locale {
    const set = this.repo.settings(userId).locale;
    return set ? localeOf(set) : discordLocale;
  }

  private mayManage(ix: Ix): boolean {
    const role = ix.guildId ? this.repo.guildSettings(ix.guildId).manager_role : null;
    return ix.canManageThreads || !!ix.canManageGuild || (!!role && (ix.roles ?? []).includes(role));
  }

  // ---- entry point --------------------------------------------------------------------------------

  async handle(ix0: Ix): Promise<void> {
    let answered = false;
    const ix: Ix = { ...ix0, locale: this.userLocale(ix0.user.id, ix0.locale) };
    const wrapped: Ix = {
      ...ix,
      reply: async (m, e) => { answered = true; await ix0.reply(m, e); },
      update: async (m) => { answered = true; await ix0.update(m); },
      followUp: (m, e) => ix0.followUp(m, e),
      replyMessageId: () => ix0.replyMessageId(),
    };
    try {
      if (ix.command) await this.onCommand(wrapped);
      else if (ix.customId !== undefined) await this.onComponent(wrapped);
    } catch (err) {
      const t = translator(ix.locale, undefined);
      const text = err instanceof UserError ? t(err.msg) : t({ key: 'error.internal' });
      if (!(err instanceof UserError)) this.log.error('interaction failed', { user: ix.user.id, customId: ix.customId, command: ix.command?.sub, err: String((err as Error)?.stack ?? err) });
      try {
        if (answered) await ix0.followUp({ content: text }, true);
        else await ix0.reply({ content: text }, true);
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

  /**
   * Runs `job` after the game's earlier background work. It starts on a later turn of the event loop, never inside
   * the interaction that queued it: the reply to the click goes out first, the table is drawn after.
   */
  private enqueue(gameId: number, job: () => Promise<void>): void {
    const prev = this.queues.get(gameId) ?? Promise.resolve();
    const next = prev.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(job).catch((err) => this.log.error('background job failed', { gameId, err: String((err as Error)?.stack ?? err) }));
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
      case 'settings': return this.cmdSettings(ix, options);
      case 'vacation': return this.cmdVacation(ix, Number(options.days ?? 0));
      case 'undo': return this.cmdUndo(ix, this.gameHere(ix));
      case 'replay': return this.cmdReplay(ix, this.gameHere(ix));
      case 'stats': return this.cmdStats(ix, typeof options.player === 'string' ? options.player : ix.user.id);
      case 'server': return this.cmdServer(ix, options);
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
    const defaultDeadline = ix.guildId ? this.repo.guildSettings(ix.guildId).deadline_hours : null;
    this.repo.update(created.value.id, { deadline_hours: defaultDeadline ?? 48 });
    const row_ = this.repo.game(created.value.id)!;
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
    const text = RULES_PARTS.map((p) => module.ui.rules[ix.locale][p]).filter(Boolean).join('\n\n');
    return ix.reply({ embeds: [{ title: t({ key: 'cmd.rules_title', args: { game: module.engine.name } }), description: clip(text, 4000), color: 0xd9822b }] }, true);
  }

  private async cmdAbandon(ix: Ix): Promise<void> {
    const g = this.gameHere(ix);
    if (g.status !== 'running' && g.status !== 'lobby') this.fail('not_running', g);
    const seated = this.service.seats(g.id).filter((p) => p.kind === 'human');
    const t = this.tr(this.publicLocale(g), g);
    if (g.host_id === ix.user.id || this.mayManage(ix) || g.status === 'lobby') {
      if (g.status === 'lobby' && g.host_id !== ix.user.id && !this.mayManage(ix)) this.fail('not_host', g);
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
    const t = this.tr(this.publicLocale(g), g);
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
    const t = this.tr(this.publicLocale(g), g);
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


  // ---- play over days: settings, vacations, undo, replay, stats ----------------------------------

  private async cmdSettings(ix: Ix, o: Record<string, string | number | boolean | undefined>): Promise<void> {
    const s = this.repo.settings(ix.user.id);
    if (typeof o.dms === 'boolean') { s.dms = o.dms ? 1 : 0; if (s.dms) s.dm_closed = 0; }
    if (typeof o.quiet_from === 'number') s.quiet_start = o.quiet_from;
    if (typeof o.quiet_until === 'number') s.quiet_end = o.quiet_until;
    if (typeof o.utc_offset === 'number') s.tz_offset_min = Math.round(o.utc_offset * 60);
    if (typeof o.language === 'string') s.locale = o.language === 'auto' ? null : o.language;
    this.repo.saveSettings(s);
    const t = this.tr(s.locale ? localeOf(s.locale) : ix.locale);
    const quiet = s.quiet_start !== null && s.quiet_end !== null ? `${s.quiet_start}:00–${s.quiet_end}:00` : t({ key: 'settings.none' });
    return ix.reply({ content: t({ key: 'settings.saved', args: { dms: t({ key: s.dms ? 'cmd.on' : 'cmd.off' }), quiet, tz: `${s.tz_offset_min >= 0 ? '+' : ''}${s.tz_offset_min / 60}`, lang: s.locale ?? 'Discord' } }) }, true);
  }

  private async cmdServer(ix: Ix, o: Record<string, string | number | boolean | undefined>): Promise<void> {
    const t = this.tr(ix.locale);
    if (!ix.guildId || !(ix.canManageGuild || this.mayManage(ix))) throw new UserError({ key: 'server.not_allowed' });
    const s = this.repo.guildSettings(ix.guildId);
    if (typeof o.deadline === 'number') s.deadline_hours = o.deadline;
    if (typeof o.vacation_days === 'number') s.vacation_days = o.vacation_days;
    if (typeof o.manager_role === 'string') s.manager_role = o.manager_role;
    if (typeof o.language === 'string') s.locale = o.language === 'auto' ? null : o.language;
    this.repo.saveGuildSettings(s);
    return ix.reply({ content: t({ key: 'server.saved', args: {
      deadline: s.deadline_hours ? t({ key: 'lobby.deadline_h', args: { h: s.deadline_hours } }) : s.deadline_hours === 0 ? t({ key: 'lobby.no_deadline' }) : t({ key: 'lobby.deadline_h', args: { h: 48 } }),
      days: s.vacation_days, role: s.manager_role ? `<@&${s.manager_role}>` : t({ key: 'settings.none' }), lang: s.locale ?? 'Discord',
    } }) }, true);
  }

  private async cmdVacation(ix: Ix, days: number): Promise<void> {
    const t = this.tr(ix.locale);
    const now = this.now();
    const guildId = ix.guildId ?? 'dm';
    if (days <= 0) {
      const ended = this.repo.endVacations(ix.user.id, now);
      return ix.reply({ content: t({ key: ended ? 'vacation.ended' : 'vacation.none' }) }, true);
    }
    const allowed = this.repo.guildSettings(guildId).vacation_days;
    const used = vacationDaysUsed(this.repo, ix.user.id, guildId, now);
    if (used + days > allowed + 1e-9) throw new UserError({ key: 'vacation.too_long', args: { left: Math.max(0, Math.floor(allowed - used)), allowed } });
    const start = Math.max(now, ...this.repo.vacations(ix.user.id).filter((v) => v.end_at > now).map((v) => v.end_at));
    const end = start + days * DAY;
    this.repo.addVacation(ix.user.id, guildId, start, end);
    return ix.reply({ content: t({ key: 'vacation.set', args: { until: `<t:${Math.floor(end / 1000)}:f>`, used: Math.ceil(used + days), allowed } }) }, true);
  }

  private async cmdStats(ix: Ix, userId: string): Promise<void> {
    const t = this.tr(ix.locale);
    const rows = this.repo.stats(userId);
    const lines = rows.map((r) => t({ key: 'stats.line', args: { game: getGame(r.game)?.engine.name ?? r.game, games: r.games, wins: r.wins, avg: r.avg_place.toFixed(2) } }));
    const name = userId === ix.user.id ? ix.user.name : `<@${userId}>`;
    return ix.reply({ embeds: [{ title: t({ key: 'stats.title', args: { name } }), description: lines.join('\n') || t({ key: 'stats.none' }) }] }, true);
  }

  private async cmdUndo(ix: Ix, g: GameRow): Promise<void> {
    const status = this.service.undoStatus(g.id, ix.user.id);
    const t = this.tr(ix.locale, g);
    if (status === 'nothing') throw new UserError({ key: 'undo.nothing' });
    if (status === 'alone') return this.undoNow(ix, g, g.version, false, 'reply');
    this.repo.clearVotes(g.id, 'undo');
    this.repo.vote(g.id, 'undo', ix.user.id, 'yes');
    const others = this.service.seats(g.id).filter((p) => p.kind === 'human' && !p.replaced && p.user_id !== ix.user.id);
    if (others.length === 0) return this.undoNow(ix, g, g.version, true, 'reply');
    const id = (a: string) => makeId('U', g.id, g.version, a);
    const pub = this.tr(this.publicLocale(g), g);
    await ix.reply({
      content: `${pub({ key: 'undo.ask', args: { name: ix.user.name } })}\n${pub({ key: 'undo.tally', args: { yes: 0, n: others.length } })}`,
      components: [row(button(id('yes'), pub({ key: 'undo.agree' }), 'success'), button(id('no'), pub({ key: 'undo.refuse' }), 'danger'))],
    }, false);
    void t;
  }

  private async undoNow(ix: Ix, g: GameRow, version: number, consent: boolean, how: 'reply' | 'update', lead?: string): Promise<void> {
    const owedBefore = this.service.decisions(g).map((d) => d.seat);
    const r = this.service.undoLast(g.id, version, { userId: ix.user.id, name: ix.user.name }, consent);
    if (!r.ok) this.fail(r.error, g);
    const t = this.tr(ix.locale, g);
    const seat = this.service.seatOf(g.id, ix.user.id);
    const text = lead ?? t({ key: 'undo.done' });
    const m = seat !== null && !consent ? this.panel(r.value.game, seat, ix.locale, 0, text) : { content: text, components: [] };
    if (how === 'update') await ix.update(m); else await ix.reply(m, !consent);
    this.enqueue(g.id, () => this.afterChange(g.id, null, [], owedBefore));
  }

  private async onUndo(ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
    const t = this.tr(ix.locale, g);
    if (id.arg === 'self') {
      if (id.version !== g.version || this.service.undoStatus(g.id, ix.user.id) !== 'alone') throw new UserError({ key: 'undo.nothing' });
      return this.undoNow(ix, g, id.version, false, 'update');
    }
    if (id.arg !== 'yes' && id.arg !== 'no') throw new UserError({ key: 'error.bad_id' });
    const votes = this.repo.votes(g.id, 'undo');
    if (votes.length === 0 || id.version !== g.version || g.status !== 'running') return ix.update({ content: t({ key: 'deadline.closed' }), components: [] });
    const asker = votes.find((v) => v.vote === 'yes')!.user_id;
    const others = this.service.seats(g.id).filter((p) => p.kind === 'human' && !p.replaced && p.user_id !== asker);
    if (!others.some((p) => p.user_id === ix.user.id)) throw new UserError({ key: 'deadline.not_voter' });
    this.repo.vote(g.id, 'undo', ix.user.id, id.arg);
    const pub = this.tr(this.publicLocale(g), g);
    if (id.arg === 'no') {
      this.repo.clearVotes(g.id, 'undo');
      return ix.update({ content: pub({ key: 'undo.refused' }), components: [] });
    }
    const yes = this.repo.votes(g.id, 'undo').filter((v) => v.vote === 'yes' && v.user_id !== asker).length;
    if (yes < others.length) {
      const askerName = this.repo.players(g.id).find((p) => p.user_id === asker)?.name ?? '?';
      return ix.update({ content: `${pub({ key: 'undo.ask', args: { name: askerName } })}\n${pub({ key: 'undo.tally', args: { yes, n: others.length } })}` });
    }
    this.repo.clearVotes(g.id, 'undo');
    const askerPlayer = this.repo.players(g.id).find((p) => p.user_id === asker)!;
    const ixAsAsker: Ix = { ...ix, user: { id: askerPlayer.user_id, name: askerPlayer.name } };
    return this.undoNow(ixAsAsker, g, g.version, true, 'update', pub({ key: 'undo.accepted' }));
  }

  private async cmdReplay(ix: Ix, g: GameRow): Promise<void> {
    const t = this.tr(ix.locale, g);
    if (!g.seed || g.status === 'lobby') throw new UserError({ key: 'replay.empty' });
    const module = this.service.module(g);
    const engine = module.engine;
    const names = this.names(g.id);
    const decisions = this.repo.activeDecisions(g.id);
    // The board after each change of turn (what the thread showed), from spectator views only.
    let state = engine.setup(names.length, JSON.parse(g.options), g.seed);
    const frames = [engine.view(state, null)];
    let owed = engine.decisions(state).map((d) => d.seat).join(',');
    for (const d of decisions) {
      const r = apply(engine, state, d.seat, d.option);
      if (!r.ok) break;
      state = r.state;
      const now = engine.decisions(state).map((x) => x.seat).join(',');
      if (now !== owed || r.events.some((e) => !e.to)) frames.push(engine.view(state, null));
      owed = now;
    }
    const picked = spread(frames.length, 40).map((i) => frames[i]!);
    await ix.reply({ content: t({ key: 'replay.title', args: { game: engine.name, id: g.id, frames: picked.length } }) }, true);
    const gif = await gifFromFrames(picked.length, (i) => module.ui.renderTable(picked[i]!, { t, names }));
    await ix.followUp({ files: [{ name: `campfire-${g.id}.gif`, data: gif }] }, true);
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
      case 'D': return this.onDeadlineVote(ix, g, id);
      case 'U': return this.onUndo(ix, g, id);
      case 'R': {
        const seat = this.requireSeat(g, ix.user.id);
        if (this.service.seats(g.id)[seat]?.replaced) {
          this.service.reclaimSeat(g.id, seat);
          this.repo.updateTurn(g.id, seat, { since: this.now(), extra_ms: 0, reminded_at: null, expired_at: null });
        }
        return ix.update(this.panel(this.repo.game(g.id)!, seat, ix.locale, 0, this.tr(ix.locale, g)({ key: 'panel.reclaimed' })));
      }
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
      const level = ix.values?.[0] === 'random' ? 'random' : 'strong';
      const n = this.repo.players(g.id).filter((p) => p.kind === 'ai').length + 1;
      const pub = this.tr(this.publicLocale(g));
      r = this.service.join(g.id, { id: `ai:${n}`, name: `${pub({ key: 'lobby.computer', args: { n } })} ${level === 'strong' ? '★' : '🎲'}` }, 'ai', level);
    } else if (id.arg === 'deadline') {
      const h = Number(ix.values?.[0]);
      if (!DEADLINE_CHOICES.includes(h)) throw new UserError({ key: 'error.bad_option_value' });
      r = this.service.setDeadline(g.id, ix.user.id, h || null);
    } else if (id.arg.startsWith('options.')) {
      if (g.host_id !== ix.user.id) this.fail('not_host', g);
      if (g.status !== 'lobby') this.fail('not_lobby', g);
      const page = Number(id.arg.slice(8));
      const m = lobbyOptionsPage(g, this.repo.players(g.id).length, module, this.tr(ix.locale, g), page);
      return ix.message === 'ephemeral' ? ix.update(m) : ix.reply(m, true);
    } else if (id.arg.startsWith('opt.')) {
      const value = ix.values?.[0];
      if (typeof value !== 'string') throw new UserError({ key: 'error.bad_id' });
      r = this.service.setOption(g.id, ix.user.id, id.arg.slice(4), value);
      if (r.ok && ix.message === 'ephemeral') {
        // Chosen on the options page: refresh that page and the lobby message itself.
        await ix.update(lobbyOptionsPage(r.value, this.repo.players(g.id).length, module, this.tr(ix.locale, g), 0));
        if (r.value.lobby_message_id) await this.platform.edit(r.value.channel_id, r.value.lobby_message_id, lobbyMessage(r.value, this.repo.players(g.id), module, this.tr(this.publicLocale(g), r.value)));
        return;
      }
    } else throw new UserError({ key: 'error.bad_id' });
    if (!r.ok) this.fail(r.error, this.repo.game(g.id) ?? g);
    const now = r.value;
    const t = this.tr(this.publicLocale(now), now);
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
    // "Log" on a table opens the newest page privately; the arrows on that page turn it.
    if (id.arg === 'log') return this.showLog(ix, g, undefined, false);
    if (id.arg.startsWith('log.')) {
      const page = Number(id.arg.slice(4));
      if (!Number.isInteger(page) || page < 0) throw new UserError({ key: 'error.bad_id' });
      return this.showLog(ix, g, page, ix.message === 'ephemeral');
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
    if (this.service.seats(g.id)[seat]?.replaced) {
      lines.push(t({ key: 'panel.replaced' }));
      return { content: fitContent(lines), components: [row(button(makeId('R', g.id, 0, 'reclaim'), t({ key: 'panel.reclaim' }), 'primary'))], files };
    }
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
    if (p > 0) nav.push(button(makeId('T', g.id, 0, `log.${p - 1}`), '◀'));
    if (p < pages - 1) nav.push(button(makeId('T', g.id, 0, `log.${p + 1}`), '▶'));
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
    const undo = this.service.undoStatus(g.id, ix.user.id) === 'alone' && after.status === 'running'
      ? [row(button(makeId('U', g.id, after.version, 'self'), t({ key: 'undo.button' })))] : [];
    const m = stillOwes ? this.panel(after, seat, ix.locale) : { content: t({ key: 'panel.done' }), components: [], files: [] };
    m.components = [...(m.components ?? []), ...undo].slice(0, 5);
    await ix.update(m);
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
    const seats = this.service.seats(gameId);
    const computer = (seat: Seat) => seats[seat]?.kind === 'ai' || !!seats[seat]?.replaced;
    // While computers move one after another the thread gets one table (with all their moves) when a person
    // must act again or the game ends, not one per computer move.
    const computersContinue = actor !== null && computer(actor) && owedNow.length > 0 && owedNow.every(computer);
    if (!computersContinue && (actor === null || turnMoved || events.some((e) => !e.to) || g.status === 'finished')) await this.postTable(gameId);
    for (const seat of owedNow) {
      if (seat === actor || owedBefore.includes(seat) && !turnMoved) continue;
      const p = seats[seat];
      if (p?.kind === 'human' && !p.replaced && !owedBefore.includes(seat)) await this.dmPanel(g, seat);
    }
    for (const seat of new Set(events.flatMap((e) => e.to ?? []))) {
      if (seat === actor || owedNow.includes(seat) && !owedBefore.includes(seat)) continue;
      if (seats[seat]?.kind === 'human') await this.dmPanel(g, seat, true);
    }
    await this.runComputers(gameId);
  }

  /** Lets a computer move when one owes a decision (computer seats and seats replaced by the table). */
  private async runComputers(gameId: number): Promise<void> {
    const g = this.repo.game(gameId);
    if (!g || g.status !== 'running') return;
    const seats = this.service.seats(gameId);
    const isComputer = (seat: Seat) => seats[seat]?.kind === 'ai' || !!seats[seat]?.replaced;
    const d = this.service.decisions(g).find((x) => isComputer(x.seat));
    if (!d) return;
    const module = this.service.module(g);
    const state = this.service.state(g);
    const level = seats[d.seat]!.ai_level ?? 'strong';
    const choosable = d.options.filter((o) => o.role !== 'back');
    const option = this.opts.computerChoice
      ? await this.opts.computerChoice(level, module, state, d.seat, d, `${g.seed}:${g.version}`)
      : choosable[randInt(seedRng(`${g.seed}:${g.version}`), choosable.length)]!.id;
    const r = this.service.decide(gameId, { userId: seats[d.seat]!.user_id, asSeat: d.seat }, g.version, option);
    if (!r.ok) {
      this.log.warn('computer move rejected', { gameId, error: r.error });
      return;
    }
    const owedBefore = module.engine.decisions(r.value.before).map((x) => x.seat);
    this.enqueue(gameId, () => this.afterChange(gameId, d.seat, r.value.events, owedBefore));
  }

  // ---- deadlines and reminders --------------------------------------------------------------------

  /**
   * Carries out every reminder and deadline that is due at `now`. Each is marked done in the database
   * before it is carried out, so a restart never repeats one; call it every minute and once at start.
   */
  async tick(now = this.now()): Promise<TimerAction[]> {
    const due = dueActions(this.repo, now);
    for (const a of due) {
      this.repo.updateTurn(a.gameId, a.seat, a.kind === 'remind' ? { reminded_at: now } : { expired_at: now });
      this.enqueue(a.gameId, () => (a.kind === 'remind' ? this.remind(a) : this.askTable(a)));
    }
    await this.settle();
    return due;
  }

  private async remind(a: TimerAction): Promise<void> {
    const g = this.repo.game(a.gameId);
    if (!g) return;
    const module = this.service.module(g);
    const t = this.tr(this.publicLocale(g), g);
    const when = `<t:${Math.floor(a.dueAt / 1000)}:R>`;
    await this.platform.post(this.place(g), { content: t({ key: 'remind.text', args: { mention: `<@${a.userId}>`, game: module.engine.name, when } }), mentionUsers: [a.userId] });
    if (this.repo.settings(a.userId).dms) await this.dmPanel(g, a.seat);
  }

  private voters(g: GameRow, absentSeat: Seat) {
    return this.service.seats(g.id).filter((p) => p.kind === 'human' && !p.replaced && p.seat !== absentSeat);
  }

  private deadlineMessage(g: GameRow, seat: Seat, version: number, closed?: string): OutMessage {
    const t = this.tr(this.publicLocale(g), g);
    const votes = this.repo.votes(g.id, `deadline.${seat}`);
    const count = (v: string) => votes.filter((x) => x.vote === v).length;
    const id = (a: string) => makeId('D', g.id, version, `${a}.${seat}`);
    const name = this.names(g.id)[seat] ?? '?';
    const lines = [t({ key: 'deadline.passed', args: { name } }), t({ key: 'deadline.tally', args: { w: count('wait'), s: count('skip'), r: count('replace') } })];
    if (closed) lines.push(closed);
    return {
      content: lines.join('\n'),
      components: closed ? [] : [row(button(id('wait'), t({ key: 'deadline.wait' }), 'secondary'), button(id('skip'), t({ key: 'deadline.skip' }), 'primary'), button(id('replace'), t({ key: 'deadline.replace' }), 'danger'))],
    };
  }

  /** The deadline passed: ask the other seated players (or, if there are none, skip by the rules). */
  private async askTable(a: TimerAction): Promise<void> {
    const g = this.repo.game(a.gameId);
    if (!g || g.status !== 'running') return;
    this.repo.clearVotes(g.id, `deadline.${a.seat}`);
    if (this.voters(g, a.seat).length === 0) {
      await this.resolveDeadline(g, a.seat, 'skip');
      return;
    }
    const voters = this.voters(g, a.seat).map((p) => p.user_id);
    const m = this.deadlineMessage(g, a.seat, g.version);
    await this.platform.post(this.place(g), { ...m, content: `${voters.map((u) => `<@${u}>`).join(' ')}\n${m.content}`, mentionUsers: voters });
  }

  private async onDeadlineVote(ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
    const [choice, seatText] = id.arg.split('.');
    const seat = Number(seatText);
    const t = this.tr(ix.locale, g);
    if (!['wait', 'skip', 'replace'].includes(choice ?? '') || !Number.isInteger(seat)) throw new UserError({ key: 'error.bad_id' });
    const turn = this.repo.turns(g.id).find((x) => x.seat === seat);
    if (g.status !== 'running' || !turn || turn.expired_at === null) return ix.update({ content: t({ key: 'deadline.closed' }), components: [] });
    const voters = this.voters(g, seat);
    if (!voters.some((p) => p.user_id === ix.user.id)) throw new UserError({ key: 'deadline.not_voter' });
    this.repo.vote(g.id, `deadline.${seat}`, ix.user.id, choice!);
    const votes = this.repo.votes(g.id, `deadline.${seat}`);
    const count = (v: string) => votes.filter((x) => x.vote === v).length;
    let winner = (['wait', 'skip', 'replace'] as const).find((v) => count(v) * 2 > voters.length);
    if (!winner && votes.length === voters.length) {
      // Everyone voted without a majority: the host's vote decides, else waiting (the gentlest).
      winner = (votes.find((v) => v.user_id === g.host_id)?.vote as 'wait' | 'skip' | 'replace' | undefined) ?? 'wait';
    }
    if (!winner) return ix.update(this.deadlineMessage(g, seat, id.version));
    const verdict = await this.resolveDeadline(g, seat, winner);
    await ix.update(this.deadlineMessage(g, seat, id.version, verdict));
  }

  private async resolveDeadline(g: GameRow, seat: Seat, choice: 'wait' | 'skip' | 'replace'): Promise<string> {
    this.repo.clearVotes(g.id, `deadline.${seat}`);
    const t = this.tr(this.publicLocale(g), g);
    const name = this.names(g.id)[seat] ?? '?';
    if (choice === 'wait') {
      const turn = this.repo.turns(g.id).find((x) => x.seat === seat);
      this.repo.updateTurn(g.id, seat, { extra_ms: (turn?.extra_ms ?? 0) + (g.deadline_hours ?? 24) * HOUR, expired_at: null, reminded_at: null });
      return t({ key: 'deadline.resolved_wait', args: { h: g.deadline_hours ?? 24, name } });
    }
    if (choice === 'replace') {
      this.service.replaceSeat(g.id, seat, 'strong');
      this.enqueue(g.id, () => this.runComputers(g.id));
      return t({ key: 'deadline.resolved_replace', args: { name } });
    }
    // Skip: the engine's rule-safe default, repeated while the same seat still owes (a compound action).
    for (let guard = 0; guard < 50; guard++) {
      const now = this.repo.game(g.id)!;
      const d = this.service.decisions(now).find((x) => x.seat === seat);
      if (!d || now.status !== 'running') break;
      const owedBefore = this.service.decisions(now).map((x) => x.seat);
      const r = this.service.decide(g.id, { userId: 'table', asSeat: seat }, now.version, d.defaultOption);
      if (!r.ok) break;
      this.repo.addTableLog(g.id, r.value.game.version, [{ msg: { key: 'log.skipped', args: { p: { seat } } } }]);
      this.enqueue(g.id, () => this.afterChange(g.id, seat, r.value.events, owedBefore));
    }
    return t({ key: 'deadline.resolved_skip', args: { name } });
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
      await this.platform.post(this.place(g), { content: this.tr(this.publicLocale(g), g)({ key: 'panel.dm_closed_note', args: { name: p.name } }) });
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
    const t = translator(this.publicLocale(g), module, names);
    const state = this.service.state(g);
    const view = module.engine.view(state, null);
    const png = module.ui.renderTable(view, { t, names });
    const seats = this.service.seats(gameId);
    const lines: string[] = [];
    const recent = this.service.log(gameId, null).filter((l) => l.version > (g.table_version ?? 0));
    if (recent.length) lines.push(`**${t({ key: 'table.round_log' })}**`, ...recent.map((l) => `• ${t(l.event.msg)}`));
    if (lines.length) lines.push('');
    lines.push(module.ui.status(view, { t, names }));
    const owed = this.service.decisions(g).map((d) => seats[d.seat]!).filter(Boolean);
    const humans = owed.filter((p) => p.kind === 'human' && !p.replaced);
    const outcome = module.engine.outcome(state);
    if (outcome) lines.push('', ...resultLines(outcome, names, t));
    else if (humans.length) {
      lines.push(t({ key: 'table.your_move', args: { players: humans.map((p) => `<@${p.user_id}>`).join(', ') } }));
      const now = this.now();
      for (const turn of this.repo.turns(gameId)) {
        const p = seats[turn.seat];
        if (!p || p.kind !== 'human' || p.replaced) continue;
        const vacations = this.repo.vacations(p.user_id);
        const due = deadlineOf(turn, g.deadline_hours, vacations, now);
        if (onVacation(vacations, now)) lines.push(t({ key: 'table.on_vacation', args: { name: p.name, when: `<t:${Math.floor(Math.max(...vacations.map((v) => v.end_at)) / 1000)}:R>` } }));
        else if (due !== null) lines.push(t({ key: 'table.deadline', args: { name: p.name, when: `<t:${Math.floor(due / 1000)}:R>` } }));
      }
    }
    else if (owed.length) lines.push(t({ key: 'table.waiting_for', args: { players: owed.map((p) => p.name).join(', ') } }));
    const messageId = await this.platform.post(this.place(g), {
      content: fitContent(lines),
      files: [{ name: 'table.png', data: png }],
      components: tableButtons(gameId, g.version, t, !outcome),
      mentionUsers: outcome ? [] : humans.map((p) => p.user_id),
    });
    if (!messageId) {
      if (g.thread_id && !(await this.platform.exists(g.thread_id))) {
        // The game's thread was deleted: the game carries on in the channel it was opened from.
        this.log.warn('game thread deleted; moving the game to its channel', { gameId, thread: g.thread_id });
        this.repo.update(gameId, { thread_id: null, table_message_id: null });
        await this.platform.post(g.channel_id, { content: t({ key: 'table.thread_gone', args: { game: module.engine.name, id: gameId } }) });
        return this.postTable(gameId);
      }
      this.log.warn('table post refused; it will be posted again by the next action or /campfire status', { gameId });
      return;
    }
    if (g.table_message_id) await this.platform.edit(this.place(g), g.table_message_id, { components: [] });
    this.repo.update(gameId, { table_message_id: messageId, table_version: g.version });
  }
}
