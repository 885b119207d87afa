/**
 * What the Discord layer may show, read in one place: a seat's view and decision, the table, the log, the
 * lobby, stats, a replay. Everything hidden goes through the engine's `view` of one seat or of a spectator.
 */
import { replaySteps, type ReplayInput } from '../engine/apply.js';
import { localeOf, type Locale } from '../engine/i18n.js';
import type { Decision, GameEvent, Msg, Outcome, Seat } from '../engine/types.js';
import { logStages } from '../games/log-stages.js';
import { getGame } from '../games/registry.js';
import type { GameModule } from '../games/types.js';
import type { GameRow, PlayerRow } from '../store/repo.js';
import { type Ctx, type Result, fail } from './context.js';
import { ratings } from './ratings.js';
import { deadlineOf, onVacation } from './timers.js';

export interface SeatView {
  game: GameRow;
  module: GameModule;
  seat: Seat;
  names: string[];
  view: unknown;
  /** The board as everyone sees it (a spectator's view): the glance of what changed since the seat's last move. */
  board: unknown;
  /** What the seat owes now, if anything. */
  decision: Decision | undefined;
  /** A computer plays this seat for now (the player may take it back). */
  replaced: boolean;
}

export interface TableView {
  game: GameRow;
  module: GameModule;
  names: string[];
  view: unknown;
  /** Public log lines since the previous table. */
  recent: GameEvent[];
  /** The game replayed to the previous table (the one this table follows, or the one before it when redrawn in place), whose changes the glance outlines; null for the first. */
  since: ReplayInput | null;
  outcome: Outcome | null;
  /** People who must act now (user ids and names), pinged by the table. */
  waitingOn: { userId: string; name: string; due: number | null; awayUntil: number | null }[];
  /** Seats computers play that owe a decision. */
  computersOwing: string[];
  /** The reaction window open now, by its public name (its seats are asked privately and are in neither list above). */
  window: Msg | null;
  locale: Locale;
}

/** Lines a recap shows at most ("and N more" beyond, in the log). */
export const RECAP_LINES = 4;

/**
 * What replays a game to its version `version` (the decisions that stand, up to it): the glance replays it in a
 * worker thread to outline what changed since then. Nothing is replayed here, on the event loop.
 */
async function replayTo(ctx: Ctx, g: GameRow, version: number): Promise<ReplayInput> {
  const choices = (await ctx.repo.choices(g.id, version)).map((d) => ({ seat: d.seat, option: d.option }));
  return { players: (await ctx.games.seats(g.id)).length, options: JSON.parse(g.options) as Record<string, string>, seed: g.seed!, choices };
}

async function names(ctx: Ctx, gameId: number): Promise<string[]> {
  return (await ctx.games.seats(gameId)).map((p) => p.name);
}

export const views = {
  async game(ctx: Ctx, gameId: number): Promise<GameRow | undefined> {
    return await ctx.repo.game(gameId);
  },

  /** The game of a thread (or of a channel whose game has no thread): the live one, else the newest. */
  async gameIn(ctx: Ctx, channelId: string): Promise<Result<GameRow>> {
    const g = await ctx.repo.liveGameIn(channelId) ?? await ctx.repo.latestGameIn(channelId);
    return g ? { ok: true, value: g } : fail('no_game_here');
  },

  module(ctx: Ctx, g: GameRow): GameModule {
    return ctx.games.module(g);
  },

  names,

  async players(ctx: Ctx, gameId: number): Promise<PlayerRow[]> {
    return await ctx.repo.players(gameId);
  },

  /** Language of a game's public posts: the server's setting, else the server's Discord language. */
  async publicLocale(ctx: Ctx, g: GameRow): Promise<Locale> {
    const set = g.guild_id ? (await ctx.repo.guildSettings(g.guild_id)).locale : null;
    return localeOf(set ?? g.locale);
  },

  /** The language of a user's DMs: their Campfire setting, else their remembered Discord language (null: unknown). */
  async dmLocale(ctx: Ctx, userId: string): Promise<Locale | null> {
    const s = await ctx.repo.settings(userId);
    const chosen = s.locale ?? s.discord_locale ?? null;
    return chosen ? localeOf(chosen) : null;
  },

  /** The Discord language remembered for a user (their DMs follow it). */
  async discordLocaleOf(ctx: Ctx, userId: string): Promise<string | null> {
    return (await ctx.repo.settings(userId)).discord_locale ?? null;
  },

  /** A user's language: their Campfire setting, else their Discord language. */
  async userLocale(ctx: Ctx, userId: string, discordLocale: Locale): Promise<Locale> {
    const set = (await ctx.repo.settings(userId)).locale;
    return set ? localeOf(set) : discordLocale;
  },

  /** What one seated user sees: their view, their decision. */
  async seat(ctx: Ctx, gameId: number, userId: string): Promise<Result<SeatView>> {
    const g = await ctx.repo.game(gameId);
    if (!g) return fail('unknown_game');
    const seat = await ctx.games.seatOf(gameId, userId);
    if (seat === null || g.status === 'lobby' || !g.seed) return fail('not_seated');
    return { ok: true, value: await views.seatAt(ctx, g, seat) };
  },

  async seatAt(ctx: Ctx, g: GameRow, seat: Seat): Promise<SeatView> {
    const module = ctx.games.module(g);
    const state = await ctx.games.state(g);
    return {
      game: g, module, seat, names: await names(ctx, g.id),
      view: module.engine.view(state, seat), board: module.engine.view(state, null),
      decision: g.status === 'running' ? module.engine.decisions(state).find((d) => d.seat === seat) : undefined,
      replaced: !!(await ctx.games.seats(g.id))[seat]?.replaced,
    };
  },

  /** The person at a seat and how they want to be reached (DMs on or off, language). */
  async recipient(ctx: Ctx, gameId: number, seat: Seat): Promise<{ userId: string; name: string; dms: boolean; locale: Locale | null } | null> {
    const p = (await ctx.games.seats(gameId))[seat];
    if (!p || p.kind !== 'human') return null;
    const s = await ctx.repo.settings(p.user_id);
    const chosen = s.locale ?? s.discord_locale ?? null;
    return { userId: p.user_id, name: p.name, dms: !!s.dms, locale: chosen ? localeOf(chosen) : null };
  },

  /**
   * The public table: a spectator's view, what happened since the last table, who is owed what. `edit`: drawn to
   * replace the newest table in place, so its lines begin where that table's began.
   */
  async table(ctx: Ctx, gameId: number, edit = false): Promise<TableView | null> {
    const g = await ctx.repo.game(gameId);
    if (!g || !g.seed) return null;
    const module = ctx.games.module(g);
    const state = await ctx.games.state(g);
    const seats = await ctx.games.seats(gameId);
    const since = (edit ? g.table_since : null) ?? g.table_version ?? 0;
    const recent = (await ctx.games.log(gameId, null)).filter((l) => l.version > since).map((l) => l.event);
    const previous = since > 0 ? await replayTo(ctx, g, since) : null;
    const decisions = await ctx.games.decisions(g);
    // A reaction window is asked privately: the table names the window, never who was asked (see docs/decisions.md).
    const window = decisions.find((d) => d.window)?.window ?? null;
    const owed = decisions.filter((d) => !d.window).map((d) => seats[d.seat]!).filter(Boolean);
    const now = ctx.now();
    const turns = await ctx.repo.turns(gameId);
    const waitingOn: { userId: string; name: string; due: number | null; awayUntil: number | null }[] = [];
    for (const p of owed.filter((x) => x.kind === 'human' && !x.replaced)) {
      const vacations = await ctx.repo.vacations(p.user_id, g.guild_id);
      const turn = turns.find((t) => t.seat === p.seat);
      waitingOn.push({
        userId: p.user_id, name: p.name,
        due: turn ? deadlineOf(turn, g.deadline_hours, vacations, now) : null,
        awayUntil: onVacation(vacations, now) ? Math.max(...vacations.map((v) => v.end_at)) : null,
      });
    }
    return {
      game: g, module, names: await names(ctx, gameId), view: module.engine.view(state, null), recent, since: previous,
      outcome: module.engine.outcome(state), waitingOn,
      computersOwing: owed.filter((p) => p.kind === 'ai' || p.replaced).map((p) => p.name),
      window,
      locale: await views.publicLocale(ctx, g),
    };
  },

  /** Log lines `userId` may read (their own private lines included), oldest first, each with its round and phase. */
  async log(ctx: Ctx, gameId: number, userId: string) {
    const lines = await ctx.games.log(gameId, await ctx.games.seatOf(gameId, userId));
    const g = await ctx.repo.game(gameId);
    const stageAt = g?.seed ? logStages(ctx.games.module(g), (await names(ctx, gameId)).length, JSON.parse(g.options), g.seed, await ctx.repo.choices(gameId)) : null;
    return lines.map((l): typeof l & { stage?: Msg } => (stageAt ? { ...l, stage: stageAt(l.version) } : l));
  },

  /**
   * What happened since the seat's own last decision in the game, as that seat may read it (public lines and the
   * private ones meant for it; nothing taken back): the newest `max` lines, and how many earlier ones there are.
   * Empty while the seat is inside its own turn (nothing came after its last step).
   */
  async recap(ctx: Ctx, gameId: number, seat: Seat, max = RECAP_LINES): Promise<{ events: GameEvent[]; more: number; since: ReplayInput | null }> {
    // The player's own last move: not a skip by the table, nor a computer's move while it played the seat.
    const userId = (await ctx.games.seats(gameId))[seat]?.user_id;
    const last = (await ctx.repo.lastOwnDecision(gameId, seat, userId ?? '')) ?? 0;
    // Only the lines after it are read (a recap used to read and parse the game's whole history).
    const since = (await ctx.games.log(gameId, seat, last + 1)).filter((l) => !l.undone).map((l) => l.event);
    // The board as the player left it, for a glance that outlines what changed since (none before their first move).
    const g = await ctx.repo.game(gameId);
    const board = since.length > 0 && last > 0 && g?.seed ? await replayTo(ctx, g, last) : null;
    return { events: since.slice(-max), more: Math.max(0, since.length - max), since: board };
  },

  /** A game's display name from its engine id. */
  gameName(ctx: Ctx, game: string): string {
    return getGame(game)?.engine.name ?? game;
  },

  /** Per game: finished games, wins, average place, and the rating across servers with its changes over the last games. */
  async stats(ctx: Ctx, userId: string) {
    const rated = await ratings.ofUser(ctx, userId);
    return (await ctx.repo.stats(userId)).map((r) => ({ ...r, name: getGame(r.game)?.engine.name ?? r.game, rating: rated.find((x) => x.game === r.game) ?? null }));
  },

  /** The board after each change of turn or public event, from spectator views only (the replay GIF). */
  async replay(ctx: Ctx, gameId: number): Promise<Result<{ game: GameRow; module: GameModule; names: string[]; frames: unknown[] }>> {
    const g = await ctx.repo.game(gameId);
    if (!g || !g.seed || g.status === 'lobby') return fail('not_running');
    const module = ctx.games.module(g);
    const engine = module.engine;
    const frames: unknown[] = [];
    let owed = '';
    const choices = (await ctx.repo.choices(gameId)).map((d) => ({ seat: d.seat, option: d.option }));
    for (const step of replaySteps(engine, (await names(ctx, gameId)).length, JSON.parse(g.options), g.seed, choices)) {
      const now = engine.decisions(step.state).map((x) => x.seat).join(',');
      if (frames.length === 0 || now !== owed || step.events.some((e) => !e.to)) frames.push(engine.view(step.state, null));
      owed = now;
    }
    return { ok: true, value: { game: g, module, names: await names(ctx, gameId), frames } };
  },
};
