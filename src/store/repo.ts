/**
 * Typed access to the tables: every function small and asynchronous, its SQL written once for both databases
 * (see `sql.ts`). Inside a transaction, reading a game's row locks it until the transaction ends (PostgreSQL:
 * `FOR UPDATE`; SQLite's IMMEDIATE transactions already hold the database's write lock), so two processes acting
 * on one game take turns and the second sees the first's outcome (a click on an old version is told "moved on").
 */
import { ARCHIVE_FORMAT, packDecisions, unpackDecisions } from './archive.js';
import type { Db } from './db.js';
import { copyRow, copyRows, ReadMemo } from './memo.js';
import type { Dialect, Sql } from './sql.js';
import { JobStore } from './jobs.js';
import { RatingStore } from './ratings.js';
import type { ChoiceRow, DecisionRow, GameRow, GameStatus, GuildSettings, PlayerRow, PollRow, ResultRow, TurnRow, UserSettings } from './rows.js';
import { SqliteSql } from './sqlite.js';

export type { JobRow } from './jobs.js';
export type { PlacingRow, RatingChangeRow, RatingRow } from './ratings.js';
export type { GameStatus, GameRow, PlayerRow, ChoiceRow, DecisionRow, UserSettings, GuildSettings, PollRow, ResultRow, TurnRow } from './rows.js';

/** Rows of games, players and settings a process that alone writes its database keeps across calls (see `memo.ts`). */
const KEPT_ROWS = 4000;

export class Repo {
  /** The outbox: jobs that carry out what committed changes must cause (see `service/jobs.ts`). */
  readonly jobs: JobStore;
  /** Finished games' placings and the players' ratings. */
  readonly ratings: RatingStore;
  /** Games, players and settings read once per transaction or read-only call (see `memo.ts`). */
  private readonly memo: ReadMemo;

  /** `alone`: this process alone writes the database (the bot on its SQLite file), so rows may be kept across calls. */
  constructor(readonly sql: Sql, private readonly now: () => number = Date.now, opts: { alone?: boolean } = {}) {
    this.memo = new ReadMemo(opts.alone ? KEPT_ROWS : 0);
    this.jobs = new JobStore(sql, now, (fn) => this.transaction(fn));
    this.ratings = new RatingStore(sql);
  }

  /** A repo over an open SQLite database (tests, tools). */
  static sqlite(db: Db, now: () => number = Date.now, opts: { alone?: boolean } = {}): Repo {
    return new Repo(new SqliteSql(db), now, opts);
  }

  get dialect(): Dialect { return this.sql.dialect; }

  /** The SQLite database under this repo, for SQLite's own tools (backup, vacuum); null on PostgreSQL. */
  get sqliteDb(): Db | null { return this.sql instanceof SqliteSql ? this.sql.db : null; }

  close(): Promise<void> { return this.sql.close(); }

  /** Answers when the database does (readiness). */
  async ping(): Promise<void> { await this.sql.get('SELECT 1 AS ok'); }

  async createGame(g: { game: string; guildId: string | null; channelId: string; threadId: string | null; hostId: string; locale: string; options: Record<string, string> }): Promise<number> {
    const t = this.now();
    const r = await this.sql.get<{ id: number }>(`INSERT INTO games (game, status, guild_id, channel_id, thread_id, host_id, locale, options, created_at, updated_at)
                VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [g.game, g.guildId, g.channelId, g.threadId, g.hostId, g.locale, JSON.stringify(g.options), t, t]);
    return Number(r!.id);
  }

  /** A game's row; inside a transaction the row stays locked until the transaction ends (see the top). */
  async game(id: number): Promise<GameRow | undefined> {
    const lock = this.sql.dialect === 'postgres' && this.sql.inTransaction() ? ' FOR UPDATE' : '';
    return this.memo.read(`game:${id}`, () => this.sql.get<GameRow>(`SELECT * FROM games WHERE id = ?${lock}`, [id]), copyRow);
  }

  /** The live (lobby or running) game of a thread or, failing that, the newest live game in a channel. */
  liveGameIn(channelId: string): Promise<GameRow | undefined> {
    return this.sql.get<GameRow>(`SELECT * FROM games WHERE status IN ('lobby','running') AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?)) ORDER BY id DESC LIMIT 1`, [channelId, channelId]);
  }

  /** The newest game (any status) of a thread or channel. */
  latestGameIn(channelId: string): Promise<GameRow | undefined> {
    return this.sql.get<GameRow>(`SELECT * FROM games WHERE thread_id = ? OR (thread_id IS NULL AND channel_id = ?) ORDER BY id DESC LIMIT 1`, [channelId, channelId]);
  }

  runningGames(): Promise<GameRow[]> {
    return this.sql.all<GameRow>(`SELECT * FROM games WHERE status = 'running' ORDER BY id`);
  }

  async update(id: number, fields: Partial<Omit<GameRow, 'id'>>): Promise<void> {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    const sets = keys.map((k) => `${k} = @${k}`).join(', ');
    this.memo.forget(`game:${id}`);
    await this.sql.run(`UPDATE games SET ${sets}, updated_at = @updated_at WHERE id = @id`, { ...fields, updated_at: this.now(), id } as Record<string, string | number | null>);
  }

  players(gameId: number): Promise<PlayerRow[]> {
    return this.memo.read(`players:${gameId}`, () => this.sql.all<PlayerRow>('SELECT * FROM players WHERE game_id = ? ORDER BY joined', [gameId]), copyRows);
  }

  async addPlayer(gameId: number, userId: string, name: string, kind: 'human' | 'ai' = 'human', aiLevel: string | null = null): Promise<boolean> {
    this.memo.forget(`players:${gameId}`);
    const next = (await this.sql.get<{ n: number }>('SELECT COALESCE(MAX(joined), 0) + 1 AS n FROM players WHERE game_id = ?', [gameId]))!.n;
    const r = await this.sql.run('INSERT INTO players (game_id, user_id, name, joined, kind, ai_level) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [gameId, userId, name, next, kind, aiLevel]);
    return r.changes > 0;
  }

  async setReplaced(gameId: number, seat: number, replaced: boolean, aiLevel: string | null): Promise<void> {
    this.memo.forget(`players:${gameId}`);
    await this.sql.run('UPDATE players SET replaced = ?, ai_level = COALESCE(?, ai_level) WHERE game_id = ? AND seat = ?', [replaced ? 1 : 0, aiLevel, gameId, seat]);
  }

  /** Records the DM now carrying the seat's live panel (null: none does any more). */
  async setDmPanel(gameId: number, seat: number, dm: { channelId: string; messageId: string; version: number } | null): Promise<void> {
    this.memo.forget(`players:${gameId}`);
    await this.sql.run('UPDATE players SET dm_channel_id = ?, dm_message_id = ?, dm_version = ? WHERE game_id = ? AND seat = ?',
      [dm?.channelId ?? null, dm?.messageId ?? null, dm?.version ?? null, gameId, seat]);
  }

  async removePlayer(gameId: number, userId: string): Promise<boolean> {
    this.memo.forget(`players:${gameId}`);
    return (await this.sql.run('DELETE FROM players WHERE game_id = ? AND user_id = ? AND seat IS NULL', [gameId, userId])).changes > 0;
  }

  async setSeat(gameId: number, userId: string, seat: number): Promise<void> {
    this.memo.forget(`players:${gameId}`);
    await this.sql.run('UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?', [seat, gameId, userId]);
  }

  /** Decisions in the order they were made, taken-back ones included (see `undone`); archived ones too. */
  async decisions(gameId: number, fromVersion = 1): Promise<DecisionRow[]> {
    const rows = await this.sql.all<DecisionRow>('SELECT * FROM decisions WHERE game_id = ? AND version >= ? ORDER BY version', [gameId, fromVersion]);
    return rows.length ? rows : ((await this.archived(gameId))?.filter((d) => d.version >= fromVersion) ?? []);
  }

  /** The decisions that stand (not taken back). */
  async activeDecisions(gameId: number): Promise<DecisionRow[]> {
    const rows = await this.sql.all<DecisionRow>('SELECT * FROM decisions WHERE game_id = ? AND undone = 0 ORDER BY version', [gameId]);
    return rows.length ? rows : ((await this.archived(gameId))?.filter((d) => !d.undone) ?? []);
  }

  /**
   * The standing decisions up to `upTo` without their log lines (`events`, the bulk of a row): what a replay, an undo
   * or a recap needs. Reading whole rows for these parsed every line of the game's history at every panel.
   */
  async choices(gameId: number, upTo = Number.MAX_SAFE_INTEGER): Promise<ChoiceRow[]> {
    const rows = await this.sql.all<ChoiceRow>('SELECT version, seat, option, user_id, at, revealed FROM decisions WHERE game_id = ? AND undone = 0 AND version <= ? ORDER BY version', [gameId, upTo]);
    if (rows.length) return rows;
    return (await this.archived(gameId))?.filter((d) => !d.undone && d.version <= upTo).map(({ version, seat, option, user_id, at, revealed }) => ({ version, seat, option, user_id, at, revealed })) ?? [];
  }

  /** The version of the newest standing decision `userId` made in `seat` (null: none). */
  async lastOwnDecision(gameId: number, seat: number, userId: string): Promise<number | null> {
    const r = await this.sql.get<{ v: number | null }>('SELECT MAX(version) AS v FROM decisions WHERE game_id = ? AND seat = ? AND user_id = ? AND undone = 0', [gameId, seat, userId]);
    if (r?.v != null) return Number(r.v);
    if ((await this.sql.get('SELECT 1 AS x FROM decisions WHERE game_id = ? LIMIT 1', [gameId]))) return null;
    return (await this.archived(gameId))?.filter((d) => !d.undone && d.seat === seat && d.user_id === userId).at(-1)?.version ?? null;
  }

  async lastActiveDecision(gameId: number): Promise<DecisionRow | undefined> {
    return (await this.sql.get<DecisionRow>('SELECT * FROM decisions WHERE game_id = ? AND undone = 0 ORDER BY version DESC LIMIT 1', [gameId]))
      ?? (await this.archived(gameId))?.filter((d) => !d.undone).at(-1);
  }

  async decisionCount(gameId: number): Promise<number> {
    const n = (await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM decisions WHERE game_id = ? AND undone = 0', [gameId]))!.n;
    return n || ((await this.archived(gameId))?.filter((d) => !d.undone).length ?? 0);
  }

  /** A compacted game's decisions, or null when the game is not compacted. */
  async archived(gameId: number): Promise<DecisionRow[] | null> {
    const a = await this.sql.get<{ format: number; decisions: Buffer }>('SELECT format, decisions FROM archives WHERE game_id = ?', [gameId]);
    return a ? unpackDecisions(gameId, a.format, a.decisions) : null;
  }

  /** Finished or abandoned games not compacted yet (oldest first). */
  async compactable(limit: number): Promise<number[]> {
    return (await this.sql.all<{ id: number }>(`SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND id NOT IN (SELECT game_id FROM archives) ORDER BY id LIMIT ?`, [limit])).map((r) => r.id);
  }

  /**
   * Compacts one finished or abandoned game: its decisions move into one compressed archive row and the state
   * snapshot goes (rebuilt by replay when needed). Returns false when the game is live or already compacted.
   */
  compact(gameId: number): Promise<boolean> {
    return this.transaction(async () => {
      const g = await this.game(gameId);
      if (!g || (g.status !== 'finished' && g.status !== 'abandoned')) return false;
      if (await this.sql.get('SELECT 1 AS x FROM archives WHERE game_id = ?', [gameId])) return false;
      const rows = await this.sql.all<DecisionRow>('SELECT * FROM decisions WHERE game_id = ? ORDER BY version', [gameId]);
      await this.sql.run('INSERT INTO archives (game_id, format, decisions, count, at) VALUES (?, ?, ?, ?, ?)', [gameId, ARCHIVE_FORMAT, packDecisions(rows), rows.length, this.now()]);
      for (const table of ['decisions', 'polls', 'votes', 'turns']) await this.sql.run(`DELETE FROM ${table} WHERE game_id = ?`, [gameId]);
      this.memo.forget(`game:${gameId}`);
      await this.sql.run('UPDATE games SET state = NULL WHERE id = ?', [gameId]);
      return true;
    });
  }

  /** Running games by game id (metrics). */
  async runningByGame(): Promise<Record<string, number>> {
    const rows = await this.sql.all<{ game: string; n: number }>(`SELECT game, COUNT(*) AS n FROM games WHERE status = 'running' GROUP BY game`);
    return Object.fromEntries(rows.map((r) => [r.game, r.n]));
  }

  async insertDecision(d: Omit<DecisionRow, 'undone'>): Promise<void> {
    await this.sql.run('INSERT INTO decisions (game_id, version, seat, option, user_id, events, at, revealed) VALUES (@game_id, @version, @seat, @option, @user_id, @events, @at, @revealed)', { ...d });
  }

  async markUndone(gameId: number, version: number): Promise<void> {
    await this.sql.run('UPDATE decisions SET undone = 1 WHERE game_id = ? AND version = ?', [gameId, version]);
  }

  async addTableLog(gameId: number, version: number, events: unknown[]): Promise<void> {
    await this.sql.run('INSERT INTO table_log (game_id, version, at, events) VALUES (?, ?, ?, ?)', [gameId, version, this.now(), JSON.stringify(events)]);
  }

  tableLog(gameId: number, fromVersion = 1): Promise<{ version: number; at: number; events: string }[]> {
    return this.sql.all('SELECT version, at, events FROM table_log WHERE game_id = ? AND version >= ? ORDER BY rowid', [gameId, fromVersion]);
  }

  // ---- turns, vacations, settings, results ----

  turns(gameId: number): Promise<TurnRow[]> {
    return this.sql.all<TurnRow>('SELECT * FROM turns WHERE game_id = ? ORDER BY seat', [gameId]);
  }

  allTurnsOfRunningGames(): Promise<(TurnRow & { deadline_hours: number | null; guild_id: string | null })[]> {
    return this.sql.all(`SELECT t.*, g.deadline_hours, g.guild_id FROM turns t JOIN games g ON g.id = t.game_id WHERE g.status = 'running' ORDER BY t.game_id, t.seat`);
  }

  /** Keeps one turn row per owing seat: new ones start now, rows of seats that no longer owe go. */
  async syncTurns(gameId: number, owed: number[]): Promise<void> {
    const have = new Set((await this.turns(gameId)).map((t) => t.seat));
    for (const seat of have) if (!owed.includes(seat)) await this.sql.run('DELETE FROM turns WHERE game_id = ? AND seat = ?', [gameId, seat]);
    for (const seat of owed) if (!have.has(seat)) await this.sql.run('INSERT INTO turns (game_id, seat, since) VALUES (?, ?, ?)', [gameId, seat, this.now()]);
  }

  async clearTurns(gameId: number): Promise<void> {
    await this.sql.run('DELETE FROM turns WHERE game_id = ?', [gameId]);
  }

  async updateTurn(gameId: number, seat: number, fields: Partial<Pick<TurnRow, 'extra_ms' | 'reminded_at' | 'expired_at' | 'since' | 'silent_waits'>>): Promise<void> {
    const keys = Object.keys(fields);
    if (!keys.length) return;
    await this.sql.run(`UPDATE turns SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE game_id = @game_id AND seat = @seat`, { ...fields, game_id: gameId, seat });
  }

  /** A user's vacations; with `guildId`, only those taken in that server (a vacation pauses that server's games). */
  async vacations(userId: string, guildId?: string | null): Promise<{ guild_id: string; start_at: number; end_at: number }[]> {
    const all = await this.sql.all<{ guild_id: string; start_at: number; end_at: number }>('SELECT guild_id, start_at, end_at FROM vacations WHERE user_id = ? ORDER BY start_at', [userId]);
    return guildId === undefined ? all : all.filter((v) => v.guild_id === (guildId ?? 'dm'));
  }

  async addVacation(userId: string, guildId: string, start: number, end: number): Promise<void> {
    await this.sql.run('INSERT INTO vacations (user_id, guild_id, start_at, end_at) VALUES (?, ?, ?, ?)', [userId, guildId, start, end]);
  }

  /** Ends the user's vacations in a server: the running one stops now, planned ones go (returns how many). */
  async endVacations(userId: string, guildId: string, now: number): Promise<number> {
    const ended = (await this.sql.run('UPDATE vacations SET end_at = ? WHERE user_id = ? AND guild_id = ? AND start_at <= ? AND end_at > ?', [now, userId, guildId, now, now])).changes;
    return ended + (await this.sql.run('DELETE FROM vacations WHERE user_id = ? AND guild_id = ? AND start_at > ?', [userId, guildId, now])).changes;
  }

  guildSettings(guildId: string): Promise<GuildSettings> {
    return this.memo.read(`guild:${guildId}`, async () => (await this.sql.get<GuildSettings>('SELECT * FROM guild_settings WHERE guild_id = ?', [guildId]))
      ?? { guild_id: guildId, deadline_hours: null, vacation_days: 21, manager_role: null, locale: null, global_board: 0 }, copyRow);
  }

  async saveGuildSettings(s: GuildSettings): Promise<void> {
    this.memo.forget(`guild:${s.guild_id}`);
    await this.sql.run(`INSERT INTO guild_settings (guild_id, deadline_hours, vacation_days, manager_role, locale, global_board) VALUES (@guild_id, @deadline_hours, @vacation_days, @manager_role, @locale, @global_board)
                     ON CONFLICT (guild_id) DO UPDATE SET deadline_hours = excluded.deadline_hours, vacation_days = excluded.vacation_days, manager_role = excluded.manager_role, locale = excluded.locale,
                       global_board = excluded.global_board`, { ...s });
  }

  async addResult(r: { game_id: number; user_id: string; game: string; guild_id: string | null; place: number; score: number; won: number; players: number }): Promise<void> {
    await this.sql.run(`INSERT INTO results (game_id, user_id, game, guild_id, place, score, won, players) VALUES (@game_id, @user_id, @game, @guild_id, @place, @score, @won, @players)
                        ON CONFLICT (game_id, user_id) DO UPDATE SET game = excluded.game, guild_id = excluded.guild_id, place = excluded.place, score = excluded.score, won = excluded.won, players = excluded.players`, { ...r });
  }

  stats(userId: string): Promise<{ game: string; games: number; wins: number; avg_place: number }[]> {
    return this.sql.all('SELECT game, COUNT(*) AS games, SUM(won) AS wins, AVG(place) AS avg_place FROM results WHERE user_id = ? GROUP BY game ORDER BY game', [userId]);
  }

  settings(userId: string): Promise<UserSettings> {
    return this.memo.read(`settings:${userId}`, async () => (await this.sql.get<UserSettings>('SELECT * FROM user_settings WHERE user_id = ?', [userId]))
      ?? { user_id: userId, dms: 1, dm_closed: 0, locale: null, quiet_start: null, quiet_end: null, tz_offset_min: 0, time_zone: null, digest_hour: null, digest_day: null, standing_passes: null }, copyRow);
  }

  /** Remembers a user's Discord language (the caller writes only when it changed). */
  async setDiscordLocale(userId: string, locale: string): Promise<void> {
    this.memo.forget(`settings:${userId}`);
    await this.sql.run(`INSERT INTO user_settings (user_id, discord_locale) VALUES (?, ?)
                     ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale`, [userId, locale]);
  }

  async saveSettings(s: UserSettings): Promise<void> {
    this.memo.forget(`settings:${s.user_id}`);
    await this.sql.run(`INSERT INTO user_settings (user_id, dms, dm_closed, locale, quiet_start, quiet_end, tz_offset_min, time_zone, digest_hour, digest_day, standing_passes)
                     VALUES (@user_id, @dms, @dm_closed, @locale, @quiet_start, @quiet_end, @tz_offset_min, @time_zone, @digest_hour, @digest_day, @standing_passes)
                     ON CONFLICT (user_id) DO UPDATE SET dms = excluded.dms, dm_closed = excluded.dm_closed, locale = excluded.locale,
                       quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, tz_offset_min = excluded.tz_offset_min, time_zone = excluded.time_zone,
                       digest_hour = excluded.digest_hour, digest_day = excluded.digest_day, standing_passes = excluded.standing_passes`, {
      user_id: s.user_id, dms: s.dms, dm_closed: s.dm_closed, locale: s.locale, quiet_start: s.quiet_start, quiet_end: s.quiet_end,
      tz_offset_min: s.tz_offset_min, time_zone: s.time_zone ?? null, digest_hour: s.digest_hour, digest_day: s.digest_day, standing_passes: s.standing_passes ?? null,
    });
  }

  // ---- one player's games, placings, ratings, digests ----

  /** Games (any status) in which `userId` holds a place or a lobby seat, newest first. */
  gamesOf(userId: string, statuses: GameStatus[]): Promise<GameRow[]> {
    return this.sql.all<GameRow>(`SELECT g.* FROM games g JOIN players p ON p.game_id = g.id
                            WHERE p.user_id = ? AND g.status IN (${statuses.map(() => '?').join(',')}) ORDER BY g.id DESC`, [userId, ...statuses]);
  }

  /** The user's newest results (finished games only), newest first. */
  recentResults(userId: string, limit: number): Promise<(ResultRow & { finished_at: number | null; thread_id: string | null; channel_id: string })[]> {
    return this.sql.all(`SELECT r.*, g.finished_at, g.thread_id, g.channel_id FROM results r JOIN games g ON g.id = r.game_id
                            WHERE r.user_id = ? ORDER BY g.finished_at DESC, g.id DESC LIMIT ?`, [userId, limit]);
  }

  /** Users whose daily digest is switched on. */
  digestUsers(): Promise<UserSettings[]> {
    return this.sql.all<UserSettings>('SELECT * FROM user_settings WHERE digest_hour IS NOT NULL ORDER BY user_id');
  }

  async vote(gameId: number, kind: string, userId: string, vote: string): Promise<void> {
    await this.sql.run('INSERT INTO votes (game_id, kind, user_id, vote) VALUES (?, ?, ?, ?) ON CONFLICT (game_id, kind, user_id) DO UPDATE SET vote = excluded.vote', [gameId, kind, userId, vote]);
  }

  votes(gameId: number, kind: string): Promise<{ user_id: string; vote: string }[]> {
    return this.sql.all('SELECT user_id, vote FROM votes WHERE game_id = ? AND kind = ? ORDER BY rowid', [gameId, kind]);
  }

  async clearVotes(gameId: number, kind: string): Promise<void> {
    await this.sql.run('DELETE FROM votes WHERE game_id = ? AND kind = ?', [gameId, kind]);
  }

  /** Open polls on absent players (deadline votes), with the game's deadline. */
  openDeadlinePolls(): Promise<(PollRow & { deadline_hours: number | null })[]> {
    return this.sql.all(`SELECT p.*, g.deadline_hours FROM polls p JOIN games g ON g.id = p.game_id WHERE p.kind LIKE 'deadline.%' AND g.status = 'running' ORDER BY p.game_id, p.kind`);
  }

  poll(gameId: number, kind: string): Promise<PollRow | undefined> {
    return this.sql.get<PollRow>('SELECT * FROM polls WHERE game_id = ? AND kind = ?', [gameId, kind]);
  }

  async openPoll(p: Omit<PollRow, 'message_id'>): Promise<void> {
    await this.sql.run(`INSERT INTO polls (game_id, kind, proposer, version, opened_at, message_id) VALUES (@game_id, @kind, @proposer, @version, @opened_at, NULL)
                        ON CONFLICT (game_id, kind) DO UPDATE SET proposer = excluded.proposer, version = excluded.version, opened_at = excluded.opened_at, message_id = NULL`,
    { game_id: p.game_id, kind: p.kind, proposer: p.proposer, version: p.version, opened_at: p.opened_at });
    await this.clearVotes(p.game_id, p.kind);
  }

  async setPollMessage(gameId: number, kind: string, messageId: string): Promise<void> {
    await this.sql.run('UPDATE polls SET message_id = ? WHERE game_id = ? AND kind = ?', [messageId, gameId, kind]);
  }

  /** Closes a poll and forgets its votes. */
  async closePoll(gameId: number, kind: string): Promise<void> {
    await this.sql.run('DELETE FROM polls WHERE game_id = ? AND kind = ?', [gameId, kind]);
    await this.clearVotes(gameId, kind);
  }

  // ---- transactions ----

  /**
   * Runs `fn` in one write transaction (SQLite: begun IMMEDIATE, so a second process waits instead of failing
   * half-way; PostgreSQL: run again from the start when it conflicts with another process). Nested calls are
   * savepoints. Rows are read once per transaction (each attempt its own scope); a read-only call around it reads
   * them again afterwards.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    // A savepoint rolled back: what was read since may be gone.
    if (this.sql.inTransaction()) return this.sql.transaction(() => fn().catch((err: unknown) => { this.memo.rolledBack(); throw err; }));
    try {
      return await this.sql.transaction(() => this.memo.run(fn));
    } catch (err) {
      this.memo.rolledBack();
      throw err;
    } finally {
      this.memo.clear();
    }
  }

  /** Runs a read-only call with its rows read once (see `memo.ts`); inside a transaction or another call, as it is. */
  reading<T>(fn: () => Promise<T>): Promise<T> {
    return this.memo.active ? fn() : this.memo.run(fn);
  }

  /** Runs `cb` once the current transaction has committed (see `Sql.afterCommit`). */
  afterCommit(cb: () => void): void { this.sql.afterCommit(cb); }

  /** Inside a transaction: whether this process may do the work named `name` now (no other process is doing it). */
  tryExclusive(name: string): Promise<boolean> { return this.sql.tryExclusive(name); }
}
