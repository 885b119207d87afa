/**
 * What the Discord layer may show, read in one place: a seat's view and decision, the table, the log, the
 * lobby, stats, a replay. Everything hidden goes through the engine's `view` of one seat or of a spectator.
 */
import { replaySteps } from '../engine/apply.js';
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
  outcome: Outcome | null;
  /** People who must act now (user ids and names), pinged by the table. */
  waitingOn: { userId: string; name: string; due: number | null; awayUntil: number | null }[];
  /** Seats computers play that owe a decision. */
  computersOwing: string[];
  locale: Locale;
}

function names(ctx: Ctx, gameId: number): string[] {
  return ctx.games.seats(gameId).map((p) => p.name);
}

export const views = {
  game(ctx: Ctx, gameId: number): GameRow | undefined {
    return ctx.repo.game(gameId);
  },

  /** The game of a thread (or of a channel whose game has no thread): the live one, else the newest. */
  gameIn(ctx: Ctx, channelId: string): Result<GameRow> {
    const g = ctx.repo.liveGameIn(channelId) ?? ctx.repo.latestGameIn(channelId);
    return g ? { ok: true, value: g } : fail('no_game_here');
  },

  module(ctx: Ctx, g: GameRow): GameModule {
    return ctx.games.module(g);
  },

  names,

  players(ctx: Ctx, gameId: number): PlayerRow[] {
    return ctx.repo.players(gameId);
  },

  /** Language of a game's public posts: the server's setting, else the server's Discord language. */
  publicLocale(ctx: Ctx, g: GameRow): Locale {
    const set = g.guild_id ? ctx.repo.guildSettings(g.guild_id).locale : null;
    return localeOf(set ?? g.locale);
  },

  /** The language of a user's DMs: their Campfire setting, else their remembered Discord language (null: unknown). */
  dmLocale(ctx: Ctx, userId: string): Locale | null {
    const s = ctx.repo.settings(userId);
    const chosen = s.locale ?? s.discord_locale ?? null;
    return chosen ? localeOf(chosen) : null;
  },

  /** The Discord language remembered for a user (their DMs follow it). */
  discordLocaleOf(ctx: Ctx, userId: string): string | null {
    return ctx.repo.settings(userId).discord_locale ?? null;
  },

  /** A user's language: their Campfire setting, else their Discord language. */
  userLocale(ctx: Ctx, userId: string, discordLocale: Locale): Locale {
    const set = ctx.repo.settings(userId).locale;
    return set ? localeOf(set) : discordLocale;
  },

  /** What one seated user sees: their view, their decision. */
  seat(ctx: Ctx, gameId: number, userId: string): Result<SeatView> {
    const g = ctx.repo.game(gameId);
    if (!g) return fail('unknown_game');
    const seat = ctx.games.seatOf(gameId, userId);
    if (seat === null || g.status === 'lobby' || !g.seed) return fail('not_seated');
    return { ok: true, value: views.seatAt(ctx, g, seat) };
  },

  seatAt(ctx: Ctx, g: GameRow, seat: Seat): SeatView {
    const module = ctx.games.module(g);
    const state = ctx.games.state(g);
    return {
      game: g, module, seat, names: names(ctx, g.id),
      view: module.engine.view(state, seat),
      decision: g.status === 'running' ? module.engine.decisions(state).find((d) => d.seat === seat) : undefined,
      replaced: !!ctx.games.seats(g.id)[seat]?.replaced,
    };
  },

  /** The person at a seat and how they want to be reached (DMs on or off, language). */
  recipient(ctx: Ctx, gameId: number, seat: Seat): { userId: string; name: string; dms: boolean; locale: Locale | null } | null {
    const p = ctx.games.seats(gameId)[seat];
    if (!p || p.kind !== 'human') return null;
    const s = ctx.repo.settings(p.user_id);
    const chosen = s.locale ?? s.discord_locale ?? null;
    return { userId: p.user_id, name: p.name, dms: !!s.dms, locale: chosen ? localeOf(chosen) : null };
  },

  /** The public table: a spectator's view, what happened since the last table, who is owed what. */
  table(ctx: Ctx, gameId: number): TableView | null {
    const g = ctx.repo.game(gameId);
    if (!g || !g.seed) return null;
    const module = ctx.games.module(g);
    const state = ctx.games.state(g);
    const seats = ctx.games.seats(gameId);
    const recent = ctx.games.log(gameId, null).filter((l) => l.version > (g.table_version ?? 0)).map((l) => l.event);
    const owed = ctx.games.decisions(g).map((d) => seats[d.seat]!).filter(Boolean);
    const now = ctx.now();
    const turns = ctx.repo.turns(gameId);
    const waitingOn = owed.filter((p) => p.kind === 'human' && !p.replaced).map((p) => {
      const vacations = ctx.repo.vacations(p.user_id, g.guild_id);
      const turn = turns.find((t) => t.seat === p.seat);
      return {
        userId: p.user_id, name: p.name,
        due: turn ? deadlineOf(turn, g.deadline_hours, vacations, now) : null,
        awayUntil: onVacation(vacations, now) ? Math.max(...vacations.map((v) => v.end_at)) : null,
      };
    });
    return {
      game: g, module, names: names(ctx, gameId), view: module.engine.view(state, null), recent,
      outcome: module.engine.outcome(state), waitingOn,
      computersOwing: owed.filter((p) => p.kind === 'ai' || p.replaced).map((p) => p.name),
      locale: views.publicLocale(ctx, g),
    };
  },

  /** Log lines `userId` may read (their own private lines included), oldest first, each with its round and phase. */
  log(ctx: Ctx, gameId: number, userId: string) {
    const lines = ctx.games.log(gameId, ctx.games.seatOf(gameId, userId));
    const g = ctx.repo.game(gameId);
    const stageAt = g?.seed ? logStages(ctx.games.module(g), names(ctx, gameId).length, JSON.parse(g.options), g.seed, ctx.repo.activeDecisions(gameId)) : null;
    return lines.map((l): typeof l & { stage?: Msg } => (stageAt ? { ...l, stage: stageAt(l.version) } : l));
  },

  /** A game's display name from its engine id. */
  gameName(ctx: Ctx, game: string): string {
    return getGame(game)?.engine.name ?? game;
  },

  /** Per game: finished games, wins, average place, and the rating across servers with its changes over the last games. */
  stats(ctx: Ctx, userId: string) {
    const rated = ratings.ofUser(ctx, userId);
    return ctx.repo.stats(userId).map((r) => ({ ...r, name: getGame(r.game)?.engine.name ?? r.game, rating: rated.find((x) => x.game === r.game) ?? null }));
  },

  /** The board after each change of turn or public event, from spectator views only (the replay GIF). */
  replay(ctx: Ctx, gameId: number): Result<{ game: GameRow; module: GameModule; names: string[]; frames: unknown[] }> {
    const g = ctx.repo.game(gameId);
    if (!g || !g.seed || g.status === 'lobby') return fail('not_running');
    const module = ctx.games.module(g);
    const engine = module.engine;
    const frames: unknown[] = [];
    let owed = '';
    const choices = ctx.repo.activeDecisions(gameId).map((d) => ({ seat: d.seat, option: d.option }));
    for (const step of replaySteps(engine, names(ctx, gameId).length, JSON.parse(g.options), g.seed, choices)) {
      const now = engine.decisions(step.state).map((x) => x.seat).join(',');
      if (frames.length === 0 || now !== owed || step.events.some((e) => !e.to)) frames.push(engine.view(step.state, null));
      owed = now;
    }
    return { ok: true, value: { game: g, module, names: names(ctx, gameId), frames } };
  },
};
