/** Typed access to the tables. Every function is synchronous (better-sqlite3) and small. */
import type { Db } from './db.js';

export type GameStatus = 'lobby' | 'running' | 'finished' | 'abandoned';

export interface GameRow {
  id: number;
  game: string;
  status: GameStatus;
  guild_id: string | null;
  channel_id: string;
  thread_id: string | null;
  host_id: string;
  locale: string;
  options: string;
  seed: string | null;
  state: string | null;
  version: number;
  lobby_message_id: string | null;
  table_message_id: string | null;
  table_version: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface PlayerRow {
  game_id: number;
  user_id: string;
  name: string;
  joined: number;
  seat: number | null;
  kind: 'human' | 'ai';
}

export interface DecisionRow {
  game_id: number;
  version: number;
  seat: number;
  option: string;
  user_id: string;
  events: string;
  at: number;
}

export interface UserSettings { user_id: string; dms: number; dm_closed: number; locale: string | null }

export class Repo {
  constructor(readonly db: Db, private readonly now: () => number = Date.now) {}

  createGame(g: { game: string; guildId: string | null; channelId: string; threadId: string | null; hostId: string; locale: string; options: Record<string, string> }): number {
    const t = this.now();
    const r = this.db
      .prepare(`INSERT INTO games (game, status, guild_id, channel_id, thread_id, host_id, locale, options, created_at, updated_at)
                VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(g.game, g.guildId, g.channelId, g.threadId, g.hostId, g.locale, JSON.stringify(g.options), t, t);
    return Number(r.lastInsertRowid);
  }

  game(id: number): GameRow | undefined {
    return this.db.prepare('SELECT * FROM games WHERE id = ?').get(id) as GameRow | undefined;
  }

  /** The live (lobby or running) game of a thread or, failing that, the newest live game in a channel. */
  liveGameIn(channelId: string): GameRow | undefined {
    return (this.db
      .prepare(`SELECT * FROM games WHERE status IN ('lobby','running') AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?)) ORDER BY id DESC LIMIT 1`)
      .get(channelId, channelId) as GameRow | undefined);
  }

  /** The newest game (any status) of a thread or channel. */
  latestGameIn(channelId: string): GameRow | undefined {
    return this.db
      .prepare(`SELECT * FROM games WHERE thread_id = ? OR (thread_id IS NULL AND channel_id = ?) ORDER BY id DESC LIMIT 1`)
      .get(channelId, channelId) as GameRow | undefined;
  }

  update(id: number, fields: Partial<Omit<GameRow, 'id'>>): void {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    const sets = keys.map((k) => `${k} = @${k}`).join(', ');
    this.db.prepare(`UPDATE games SET ${sets}, updated_at = @updated_at WHERE id = @id`).run({ ...fields, updated_at: this.now(), id });
  }

  players(gameId: number): PlayerRow[] {
    return this.db.prepare('SELECT * FROM players WHERE game_id = ? ORDER BY joined').all(gameId) as PlayerRow[];
  }

  addPlayer(gameId: number, userId: string, name: string, kind: 'human' | 'ai' = 'human'): boolean {
    const next = (this.db.prepare('SELECT COALESCE(MAX(joined), 0) + 1 AS n FROM players WHERE game_id = ?').get(gameId) as { n: number }).n;
    const r = this.db.prepare('INSERT OR IGNORE INTO players (game_id, user_id, name, joined, kind) VALUES (?, ?, ?, ?, ?)').run(gameId, userId, name, next, kind);
    return r.changes > 0;
  }

  removePlayer(gameId: number, userId: string): boolean {
    return this.db.prepare('DELETE FROM players WHERE game_id = ? AND user_id = ? AND seat IS NULL').run(gameId, userId).changes > 0;
  }

  setSeat(gameId: number, userId: string, seat: number): void {
    this.db.prepare('UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?').run(seat, gameId, userId);
  }

  decisions(gameId: number, fromVersion = 1): DecisionRow[] {
    return this.db.prepare('SELECT * FROM decisions WHERE game_id = ? AND version >= ? ORDER BY version').all(gameId, fromVersion) as DecisionRow[];
  }

  decisionCount(gameId: number): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM decisions WHERE game_id = ?').get(gameId) as { n: number }).n;
  }

  insertDecision(d: DecisionRow): void {
    this.db.prepare('INSERT INTO decisions (game_id, version, seat, option, user_id, events, at) VALUES (@game_id, @version, @seat, @option, @user_id, @events, @at)').run(d);
  }

  settings(userId: string): UserSettings {
    return (this.db.prepare('SELECT * FROM user_settings WHERE user_id = ?').get(userId) as UserSettings | undefined) ?? { user_id: userId, dms: 1, dm_closed: 0, locale: null };
  }

  saveSettings(s: UserSettings): void {
    this.db.prepare(`INSERT INTO user_settings (user_id, dms, dm_closed, locale) VALUES (@user_id, @dms, @dm_closed, @locale)
                     ON CONFLICT (user_id) DO UPDATE SET dms = excluded.dms, dm_closed = excluded.dm_closed, locale = excluded.locale`).run(s);
  }

  vote(gameId: number, kind: string, userId: string, vote: string): void {
    this.db.prepare('INSERT INTO votes (game_id, kind, user_id, vote) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET vote = excluded.vote').run(gameId, kind, userId, vote);
  }

  votes(gameId: number, kind: string): { user_id: string; vote: string }[] {
    return this.db.prepare('SELECT user_id, vote FROM votes WHERE game_id = ? AND kind = ?').all(gameId, kind) as { user_id: string; vote: string }[];
  }

  clearVotes(gameId: number, kind: string): void {
    this.db.prepare('DELETE FROM votes WHERE game_id = ? AND kind = ?').run(gameId, kind);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
