/**
 * One player's games across servers: those waiting for them (what they owe, by when), those waiting for others,
 * the lobbies they joined, their newest results — and the daily digest of the first part, by DM.
 *
 * Whether the player can still reach a server's games (they may have left it) is something only Discord knows:
 * the bot asks it for the servers `servers()` names and passes the reachable ones to `list()`. Games outside a
 * server are always reachable.
 *
 * The digest is a timer computed from stored rows only: a user's "digest day" runs from their digest hour (their
 * local time) to the same hour the next day; the first tick in it that is outside their quiet hours and not on
 * vacation handles it (marks it in the same transaction) and sends a digest if anything waits for them.
 */
import type { Msg } from '../engine/types.js';
import type { GameRow, UserSettings } from '../store/repo.js';
import type { Ctx } from './context.js';
import type { Effect } from './effects.js';
import { DAY, deadlineOf, HOUR, type LocalZone, offsetMinutes, onVacation, quietNow } from './timers.js';

export const RECENT_RESULTS = 5;

export interface MyGame { gameId: number; game: string; guildId: string | null; channelId: string; threadId: string | null; host: string }
export interface WaitingGame extends MyGame { seat: number; prompt: Msg; due: number | null; tableMessageId: string | null }
/** `due`: the soonest deadline of those it waits on (null: none). */
export interface OthersGame extends MyGame { waitingOn: string[]; due: number | null; tableMessageId: string | null }
export interface LobbyGame extends MyGame { players: number }
export interface FinishedGame extends MyGame { place: number; players: number; won: boolean; finishedAt: number | null }
export interface MyGames { waiting: WaitingGame[]; others: OthersGame[]; lobbies: LobbyGame[]; finished: FinishedGame[] }

async function base(ctx: Ctx, g: GameRow): Promise<MyGame> {
  const host = (await ctx.repo.players(g.id)).find((p) => p.user_id === g.host_id)?.name ?? '?';
  return { gameId: g.id, game: g.game, guildId: g.guild_id, channelId: g.channel_id, threadId: g.thread_id, host };
}

/** The digest day that `now` falls in for this user (null: digest off). */
export function digestDay(s: Pick<UserSettings, 'digest_hour'> & LocalZone, now: number): number | null {
  if (s.digest_hour === null) return null;
  return Math.floor((now + offsetMinutes(s, now) * 60_000 - s.digest_hour * HOUR) / DAY);
}

/** Is this user's digest due at `now` (a new digest day, outside quiet hours, not on vacation)? */
export function digestDue(s: UserSettings, vacations: { start_at: number; end_at: number }[], now: number): boolean {
  const day = digestDay(s, now);
  if (day === null || (s.digest_day !== null && s.digest_day >= day)) return false;
  return !quietNow(s, now) && !onVacation(vacations, now);
}

export const mygames = {
  /** The servers of the user's games (live ones and the newest results), to ask Discord whether they are still a member. */
  async servers(ctx: Ctx, userId: string): Promise<string[]> {
    const live = (await ctx.repo.gamesOf(userId, ['lobby', 'running'])).map((g) => g.guild_id);
    const done = (await ctx.repo.recentResults(userId, RECENT_RESULTS)).map((r) => r.guild_id);
    return [...new Set([...live, ...done].filter((g): g is string => g !== null))];
  },

  /**
   * Everything the user sits in that they can reach (`reachable`: the servers they are still a member of; null:
   * all): waiting for them (soonest deadline first), waiting for others, lobbies, newest results.
   */
  async list(ctx: Ctx, userId: string, reachable: readonly string[] | null): Promise<MyGames> {
    const ok = (g: { guild_id: string | null }) => g.guild_id === null || reachable === null || reachable.includes(g.guild_id);
    const now = ctx.now();
    const out: MyGames = { waiting: [], others: [], lobbies: [], finished: [] };
    for (const g of (await ctx.repo.gamesOf(userId, ['lobby', 'running'])).filter(ok)) {
      if (g.status === 'lobby') {
        out.lobbies.push({ ...await base(ctx, g), players: (await ctx.repo.players(g.id)).length });
        continue;
      }
      const seats = await ctx.games.seats(g.id);
      const me = seats.find((p) => p.user_id === userId);
      if (!me) continue;
      const decisions = await ctx.games.decisions(g);
      const mine = decisions.find((d) => d.seat === me.seat);
      if (mine && !me.replaced) {
        const turn = (await ctx.repo.turns(g.id)).find((t) => t.seat === me.seat);
        const due = turn ? deadlineOf(turn, g.deadline_hours, await ctx.repo.vacations(userId, g.guild_id), now) : null;
        out.waiting.push({ ...await base(ctx, g), seat: mine.seat, prompt: mine.prompt, due, tableMessageId: g.table_message_id });
      } else {
        const turns = await ctx.repo.turns(g.id);
        let due: number | null = null;
        for (const d of decisions) {
          const p = seats[d.seat];
          const turn = turns.find((x) => x.seat === d.seat);
          if (!p || p.kind !== 'human' || p.replaced || !turn) continue;
          const at = deadlineOf(turn, g.deadline_hours, await ctx.repo.vacations(p.user_id, g.guild_id), now);
          if (at !== null && (due === null || at < due)) due = at;
        }
        out.others.push({ ...await base(ctx, g), waitingOn: decisions.map((d) => seats[d.seat]?.name ?? '?'), due, tableMessageId: g.table_message_id });
      }
    }
    // Soonest deadline first in both parts (games without one last).
    out.waiting.sort((a, b) => (a.due ?? Infinity) - (b.due ?? Infinity) || a.gameId - b.gameId);
    out.others.sort((a, b) => (a.due ?? Infinity) - (b.due ?? Infinity) || a.gameId - b.gameId);
    for (const r of await ctx.repo.recentResults(userId, RECENT_RESULTS)) {
      const g = (await ctx.repo.game(r.game_id))!;
      if (!ok(g)) continue;
      out.finished.push({ ...await base(ctx, g), place: r.place, players: r.players, won: !!r.won, finishedAt: r.finished_at });
    }
    return out;
  },

  /**
   * The digests due now: each due user's digest day is marked handled in this transaction; a digest is sent
   * (an effect) only when a game waits for them. Whether it still does once unreachable servers are left out
   * is checked again when it is sent.
   */
  tick(ctx: Ctx): Promise<{ effects: Effect[] }> {
    return ctx.repo.transaction(async () => {
      if (!(await ctx.repo.tryExclusive('digest.tick'))) return { effects: [] };
      const now = ctx.now();
      const effects: Effect[] = [];
      for (const s of await ctx.repo.digestUsers()) {
        if (!digestDue(s, await ctx.repo.vacations(s.user_id), now)) continue;
        await ctx.repo.saveSettings({ ...s, digest_day: digestDay(s, now) });
        if ((await mygames.list(ctx, s.user_id, null)).waiting.length > 0) effects.push({ kind: 'digest', gameId: 0, userId: s.user_id });
      }
      return { effects };
    });
  },
};
