/**
 * Ratings: a Weng-Lin (openskill, Plackett-Luce) rating per person, game and scope — each server, and across
 * servers ('*'). A finished game updates them from its final placing (tied seats share a place), in the
 * transaction that finishes it; an abandoned game changes nothing. Computers are opponents with a fixed rating
 * per level and are never rated themselves. Everything is computed from the stored placings, so the ratings can
 * be thrown away and rebuilt with the same numbers.
 */
import { ordinal, rate, rating, type Rating } from 'openskill';
import type { Outcome } from '../engine/types.js';
import { getGame } from '../games/registry.js';
import type { GameRow, PlacingRow, PlayerRow, RatingRow, Repo } from '../store/repo.js';
import { type Actor, type Ctx, type Done, done, fail, type Result } from './context.js';

/** The scope of ratings across servers. */
export const GLOBAL = '*';
/** With fewer finished games a rating is provisional: listed apart on the leaderboard. */
export const PROVISIONAL_GAMES = 3;
export const BOARD_SIZE = 10;
/** A new player's rating: openskill's defaults (μ 25, σ 25/3). */
export const NEW_RATING: Rating = rating();
/**
 * Computers' fixed ratings: "random" plays any legal move (weaker than a new player); "strong" thinks ahead
 * (somewhat above a new player). Their σ is small: they are what they are, and no game moves them.
 */
export const COMPUTER_RATINGS: Record<string, Rating> = { strong: { mu: 28, sigma: 2 }, random: { mu: 16, sigma: 2 } };

export const computerRating = (level: string | null): Rating => COMPUTER_RATINGS[level ?? 'strong'] ?? COMPUTER_RATINGS.strong!;

/** The number shown and sorted by: μ − 3σ (openskill's ordinal), which starts at 0 and grows as games settle it. */
export const shown = (r: Rating): number => ordinal(r);

/** The scopes a game counts in: its server and across servers (a game outside a server: across servers only). */
export function scopesOf(g: Pick<GameRow, 'guild_id'>): string[] {
  return g.guild_id ? [g.guild_id, GLOBAL] : [GLOBAL];
}

/** Rates one finished game in each of its scopes from its stored placings. */
export async function rateGame(repo: Repo, g: GameRow, at: number): Promise<void> {
  const placings = await repo.ratings.placings(g.id);
  if (placings.length < 2 || !placings.some((p) => p.kind === 'human')) return;
  for (const scope of scopesOf(g)) {
    const before: (Rating & { games?: number })[] = [];
    for (const p of placings) before.push(p.kind === 'ai' ? computerRating(p.ai_level) : ((await repo.ratings.get(p.user_id, g.game, scope)) ?? { ...NEW_RATING, games: 0 }));
    const after = rate(before.map((r) => [{ mu: r.mu, sigma: r.sigma }]), { rank: placings.map((p) => p.place) });
    for (const [i, p] of placings.entries()) {
      if (p.kind === 'ai') continue;
      const b = before[i]!;
      const a = after[i]![0]!;
      await repo.ratings.save({ user_id: p.user_id, game: g.game, scope, mu: a.mu, sigma: a.sigma, games: (b.games ?? 0) + 1, updated_at: at });
      await repo.ratings.addChange({ game_id: g.id, user_id: p.user_id, game: g.game, scope, mu_before: b.mu, sigma_before: b.sigma, mu: a.mu, sigma: a.sigma, at });
    }
  }
}

/** The placings of every seat (computers too), from the game's outcome. */
export function placingsOf(gameId: number, seats: PlayerRow[], outcome: Outcome): PlacingRow[] {
  return outcome.ranking.flatMap((r) => {
    const p = seats[r.seat];
    return p ? [{ game_id: gameId, seat: r.seat, user_id: p.user_id, kind: p.kind, ai_level: p.kind === 'ai' ? p.ai_level : null, place: r.place }] : [];
  });
}

/** Stores the final placings and rates the game (called in the transaction that finishes it). */
export async function recordPlacings(repo: Repo, g: GameRow, seats: PlayerRow[], outcome: Outcome, at: number): Promise<void> {
  for (const p of placingsOf(g.id, seats, outcome)) await repo.ratings.addPlacing(p);
  await rateGame(repo, g, at);
}

export interface BoardRow { userId: string; name: string; rating: number; games: number; place: number | null }
export interface Board {
  game: string;
  scope: 'server' | 'all';
  /** The top players with at least PROVISIONAL_GAMES finished games, placed 1, 2, … */
  top: BoardRow[];
  /** Players with fewer games, best first (not placed). */
  provisional: BoardRow[];
  /** The caller: their row (with place if ranked), or null when they have no rating here or are not listed. */
  me: BoardRow | null;
  /** The caller has a rating but is not listed (global board: none of their games was in a server that allows it). */
  meHidden: boolean;
}

function board(rows: RatingRow[], names: Map<string, string>, game: string, scope: 'server' | 'all', callerId: string, callerHidden: boolean): Board {
  const listed = rows.filter((r) => names.has(r.user_id))
    .map((r) => ({ userId: r.user_id, name: names.get(r.user_id)!, rating: shown(r), games: r.games, place: null as number | null }))
    .sort((a, b) => b.rating - a.rating || b.games - a.games || a.userId.localeCompare(b.userId));
  const ranked = listed.filter((r) => r.games >= PROVISIONAL_GAMES).map((r, i) => ({ ...r, place: i + 1 }));
  const provisional = listed.filter((r) => r.games < PROVISIONAL_GAMES);
  const me = ranked.find((r) => r.userId === callerId) ?? provisional.find((r) => r.userId === callerId) ?? null;
  return { game, scope, top: ranked.slice(0, BOARD_SIZE), provisional: provisional.slice(0, BOARD_SIZE), me, meHidden: !me && callerHidden };
}

export const ratings = {
  /**
   * The leaderboard of a game: in the caller's server, or across servers. Across servers, only people who
   * finished the game in a server that allows global leaderboards are listed (names cross servers), under the
   * name from their newest such game; their rating counts all their games.
   */
  async leaderboard(ctx: Ctx, actor: Actor, game: string, scope: 'server' | 'all'): Promise<Result<Board>> {
    if (!getGame(game)) return fail('unknown_game');
    if (scope === 'server') {
      if (!actor.guildId) return fail('server_only');
      return { ok: true, value: board(await ctx.repo.ratings.of(game, actor.guildId), await ctx.repo.ratings.serverNames(game, actor.guildId), game, scope, actor.id, false) };
    }
    const rows = await ctx.repo.ratings.of(game, GLOBAL);
    const names = await ctx.repo.ratings.globalBoardNames(game);
    return { ok: true, value: board(rows, names, game, scope, actor.id, rows.some((r) => r.user_id === actor.id)) };
  },

  /** A person's ratings across servers, each with its changes (of the shown number) over their last games, newest first. */
  async ofUser(ctx: Ctx, userId: string, last = 5): Promise<{ game: string; rating: number; games: number; changes: number[] }[]> {
    const out: { game: string; rating: number; games: number; changes: number[] }[] = [];
    for (const r of await ctx.repo.ratings.ofUser(userId, GLOBAL)) {
      out.push({
        game: r.game, rating: shown(r), games: r.games,
        changes: (await ctx.repo.ratings.changes(userId, r.game, GLOBAL, last)).map((c) => shown(c) - shown({ mu: c.mu_before, sigma: c.sigma_before })),
      });
    }
    return out;
  },

  /**
   * Throws the ratings away and computes them again from the stored placings, game by game in the order they
   * finished. Games finished before placings were stored get theirs from the saved final state first.
   */
  rebuild(ctx: Ctx): Promise<Done<{ games: number; ratings: number }>> {
    return ctx.repo.transaction(async () => {
      await ctx.repo.ratings.clear();
      let games = 0;
      for (const g of await ctx.repo.ratings.finishedGames()) {
        if ((await ctx.repo.ratings.placings(g.id)).length === 0) {
          const m = getGame(g.game);
          const outcome = m && g.state ? m.engine.outcome(JSON.parse(g.state)) : null;
          if (!outcome) continue;
          const seats = (await ctx.repo.players(g.id)).filter((p) => p.seat !== null).sort((a, b) => a.seat! - b.seat!);
          for (const p of placingsOf(g.id, seats, outcome)) await ctx.repo.ratings.addPlacing(p);
        }
        await rateGame(ctx.repo, g, g.finished_at ?? 0);
        games++;
      }
      return done({ games, ratings: (await ctx.repo.ratings.all()).length });
    });
  },
};
