/**
 * Finished games' placings and the players' ratings (per game, in a server and across servers), with the history of
 * their changes. Its SQL is written once for both databases (see `sql.ts`).
 */
import type { GameRow } from './repo.js';
import type { Sql } from './sql.js';

export interface PlacingRow { game_id: number; seat: number; user_id: string; kind: 'human' | 'ai'; ai_level: string | null; place: number }

export interface RatingRow { user_id: string; game: string; scope: string; mu: number; sigma: number; games: number; updated_at: number }

export interface RatingChangeRow { game_id: number; user_id: string; game: string; scope: string; mu_before: number; sigma_before: number; mu: number; sigma: number; at: number }

export class RatingStore {
  constructor(private readonly sql: Sql) {}

  async addPlacing(p: PlacingRow): Promise<void> {
    await this.sql.run(`INSERT INTO placings (game_id, seat, user_id, kind, ai_level, place) VALUES (@game_id, @seat, @user_id, @kind, @ai_level, @place)
                        ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, kind = excluded.kind, ai_level = excluded.ai_level, place = excluded.place`, { ...p });
  }

  placings(gameId: number): Promise<PlacingRow[]> {
    return this.sql.all<PlacingRow>('SELECT game_id, seat, user_id, kind, ai_level, place FROM placings WHERE game_id = ? ORDER BY seat', [gameId]);
  }

  /** Finished games in the order they finished (ties: the order their placings were written). */
  finishedGames(): Promise<GameRow[]> {
    return this.sql.all<GameRow>(`SELECT g.* FROM games g LEFT JOIN (SELECT game_id, MIN(rowid) AS first FROM placings GROUP BY game_id) p ON p.game_id = g.id
                            WHERE g.status = 'finished' ORDER BY g.finished_at, p.first, g.id`);
  }

  get(userId: string, game: string, scope: string): Promise<RatingRow | undefined> {
    return this.sql.get<RatingRow>('SELECT * FROM ratings WHERE user_id = ? AND game = ? AND scope = ?', [userId, game, scope]);
  }

  async save(r: RatingRow): Promise<void> {
    await this.sql.run(`INSERT INTO ratings (user_id, game, scope, mu, sigma, games, updated_at) VALUES (@user_id, @game, @scope, @mu, @sigma, @games, @updated_at)
                     ON CONFLICT (user_id, game, scope) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at`, { ...r });
  }

  async addChange(c: RatingChangeRow): Promise<void> {
    await this.sql.run(`INSERT INTO rating_changes (game_id, user_id, game, scope, mu_before, sigma_before, mu, sigma, at)
                     VALUES (@game_id, @user_id, @game, @scope, @mu_before, @sigma_before, @mu, @sigma, @at)
                     ON CONFLICT (game_id, user_id, scope) DO UPDATE SET game = excluded.game, mu_before = excluded.mu_before, sigma_before = excluded.sigma_before,
                       mu = excluded.mu, sigma = excluded.sigma, at = excluded.at`, { ...c });
  }

  /** All ratings of a game in a scope. */
  of(game: string, scope: string): Promise<RatingRow[]> {
    return this.sql.all<RatingRow>('SELECT * FROM ratings WHERE game = ? AND scope = ? ORDER BY user_id', [game, scope]);
  }

  all(): Promise<RatingRow[]> {
    return this.sql.all<RatingRow>('SELECT * FROM ratings ORDER BY game, scope, user_id');
  }

  ofUser(userId: string, scope: string): Promise<RatingRow[]> {
    return this.sql.all<RatingRow>('SELECT * FROM ratings WHERE user_id = ? AND scope = ? ORDER BY game', [userId, scope]);
  }

  /** The user's newest rating changes in one game and scope, newest first. */
  changes(userId: string, game: string, scope: string, limit: number): Promise<RatingChangeRow[]> {
    return this.sql.all<RatingChangeRow>('SELECT game_id, user_id, game, scope, mu_before, sigma_before, mu, sigma, at FROM rating_changes WHERE user_id = ? AND game = ? AND scope = ? ORDER BY at DESC, rowid DESC LIMIT ?', [userId, game, scope, limit]);
  }

  async clear(): Promise<void> {
    await this.sql.run('DELETE FROM rating_changes');
    await this.sql.run('DELETE FROM ratings');
  }

  /**
   * For the global leaderboard of a game: each person who finished it in a server that allows global
   * leaderboards, with the name from their newest such game.
   */
  async globalBoardNames(game: string): Promise<Map<string, string>> {
    const rows = await this.sql.all<{ user_id: string; name: string }>(`SELECT p.user_id, p.name FROM players p JOIN games g ON g.id = p.game_id JOIN guild_settings s ON s.guild_id = g.guild_id
                                  WHERE g.game = ? AND g.status = 'finished' AND s.global_board = 1 AND p.kind = 'human' ORDER BY g.finished_at, g.id`, [game]);
    return new Map(rows.map((r) => [r.user_id, r.name]));
  }

  /** The name of each person in their newest finished game of `game` in a server. */
  async serverNames(game: string, guildId: string): Promise<Map<string, string>> {
    const rows = await this.sql.all<{ user_id: string; name: string }>(`SELECT p.user_id, p.name FROM players p JOIN games g ON g.id = p.game_id
                                  WHERE g.game = ? AND g.guild_id = ? AND g.status = 'finished' AND p.kind = 'human' ORDER BY g.finished_at, g.id`, [game, guildId]);
    return new Map(rows.map((r) => [r.user_id, r.name]));
  }
}
