/** Typed access to the tables. Every function is synchronous (better-sqlite3) and small. */
import { ARCHIVE_FORMAT, packDecisions, unpackDecisions } from './archive.js';
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
  deadline_hours: number | null;
  /** 1: the game lives in its channel (no thread); 0 with no thread_id: its thread is still being made. */
  lives_in_channel: number;
}

export interface PlayerRow {
  game_id: number;
  user_id: string;
  name: string;
  joined: number;
  seat: number | null;
  kind: 'human' | 'ai';
  ai_level: string | null;
  /** 1 while a computer plays this human's seat. */
  replaced: number;
}

export interface DecisionRow {
  game_id: number;
  version: number;
  seat: number;
  option: string;
  user_id: string;
  events: string;
  at: number;
  revealed: number;
  undone: number;
}

export interface UserSettings {
  user_id: string;
  dms: number;
  dm_closed: number;
  locale: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
  tz_offset_min: number;
  /** Local hour of the daily digest; null: off. */
  digest_hour: number | null;
  /** The user's Discord language as of their last interaction (DMs follow it unless `locale` is set). */
  discord_locale?: string | null;
  /** The last digest day handled (see `service/mygames.ts`). */
  digest_day: number | null;
}

export interface GuildSettings { guild_id: string; deadline_hours: number | null; vacation_days: number; manager_role: string | null; locale: string | null; global_board: number }

export interface JobRow { id: number; game_id: number; lane: string; effect: string; priority: number; run_at: number; attempts: number; last_error: string | null; created_at: number }

export interface PollRow { game_id: number; kind: string; proposer: string | null; version: number; opened_at: number; message_id: string | null }

export interface ResultRow { game_id: number; user_id: string; game: string; guild_id: string | null; place: number; score: number; won: number; players: number }

export interface PlacingRow { game_id: number; seat: number; user_id: string; kind: 'human' | 'ai'; ai_level: string | null; place: number }

export interface RatingRow { user_id: string; game: string; scope: string; mu: number; sigma: number; games: number; updated_at: number }

export interface RatingChangeRow { game_id: number; user_id: string; game: string; scope: string; mu_before: number; sigma_before: number; mu: number; sigma: number; at: number }

export interface TurnRow { game_id: number; seat: number; since: number; extra_ms: number; reminded_at: number | null; expired_at: number | null; silent_waits?: number }

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

  runningGames(): GameRow[] {
    return this.db.prepare(`SELECT * FROM games WHERE status = 'running' ORDER BY id`).all() as GameRow[];
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

  addPlayer(gameId: number, userId: string, name: string, kind: 'human' | 'ai' = 'human', aiLevel: string | null = null): boolean {
    const next = (this.db.prepare('SELECT COALESCE(MAX(joined), 0) + 1 AS n FROM players WHERE game_id = ?').get(gameId) as { n: number }).n;
    const r = this.db.prepare('INSERT OR IGNORE INTO players (game_id, user_id, name, joined, kind, ai_level) VALUES (?, ?, ?, ?, ?, ?)').run(gameId, userId, name, next, kind, aiLevel);
    return r.changes > 0;
  }

  setReplaced(gameId: number, seat: number, replaced: boolean, aiLevel: string | null): void {
    this.db.prepare('UPDATE players SET replaced = ?, ai_level = COALESCE(?, ai_level) WHERE game_id = ? AND seat = ?').run(replaced ? 1 : 0, aiLevel, gameId, seat);
  }

  removePlayer(gameId: number, userId: string): boolean {
    return this.db.prepare('DELETE FROM players WHERE game_id = ? AND user_id = ? AND seat IS NULL').run(gameId, userId).changes > 0;
  }

  setSeat(gameId: number, userId: string, seat: number): void {
    this.db.prepare('UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?').run(seat, gameId, userId);
  }

  /** Decisions in the order they were made, taken-back ones included (see `undone`); archived ones too. */
  decisions(gameId: number, fromVersion = 1): DecisionRow[] {
    const rows = this.db.prepare('SELECT * FROM decisions WHERE game_id = ? AND version >= ? ORDER BY version').all(gameId, fromVersion) as DecisionRow[];
    return rows.length ? rows : (this.archived(gameId)?.filter((d) => d.version >= fromVersion) ?? []);
  }

  /** The decisions that stand (not taken back). */
  activeDecisions(gameId: number): DecisionRow[] {
    const rows = this.db.prepare('SELECT * FROM decisions WHERE game_id = ? AND undone = 0 ORDER BY version').all(gameId) as DecisionRow[];
    return rows.length ? rows : (this.archived(gameId)?.filter((d) => !d.undone) ?? []);
  }

  lastActiveDecision(gameId: number): DecisionRow | undefined {
    return (this.db.prepare('SELECT * FROM decisions WHERE game_id = ? AND undone = 0 ORDER BY version DESC LIMIT 1').get(gameId) as DecisionRow | undefined)
      ?? this.archived(gameId)?.filter((d) => !d.undone).at(-1);
  }

  decisionCount(gameId: number): number {
    const n = (this.db.prepare('SELECT COUNT(*) AS n FROM decisions WHERE game_id = ? AND undone = 0').get(gameId) as { n: number }).n;
    return n || (this.archived(gameId)?.filter((d) => !d.undone).length ?? 0);
  }

  /** A compacted game's decisions, or null when the game is not compacted. */
  archived(gameId: number): DecisionRow[] | null {
    const a = this.db.prepare('SELECT format, decisions FROM archives WHERE game_id = ?').get(gameId) as { format: number; decisions: Buffer } | undefined;
    return a ? unpackDecisions(gameId, a.format, a.decisions) : null;
  }

  /** Finished or abandoned games not compacted yet (oldest first). */
  compactable(limit: number): number[] {
    return (this.db.prepare(`SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND id NOT IN (SELECT game_id FROM archives) ORDER BY id LIMIT ?`).all(limit) as { id: number }[]).map((r) => r.id);
  }

  /**
   * Compacts one finished or abandoned game: its decisions move into one compressed archive row and the state
   * snapshot goes (rebuilt by replay when needed). Returns false when the game is live or already compacted.
   */
  compact(gameId: number): boolean {
    return this.transaction(() => {
      const g = this.game(gameId);
      if (!g || (g.status !== 'finished' && g.status !== 'abandoned')) return false;
      if (this.db.prepare('SELECT 1 FROM archives WHERE game_id = ?').get(gameId)) return false;
      const rows = this.db.prepare('SELECT * FROM decisions WHERE game_id = ? ORDER BY version').all(gameId) as DecisionRow[];
      this.db.prepare('INSERT INTO archives (game_id, format, decisions, count, at) VALUES (?, ?, ?, ?, ?)').run(gameId, ARCHIVE_FORMAT, packDecisions(rows), rows.length, this.now());
      this.db.prepare('DELETE FROM decisions WHERE game_id = ?').run(gameId);
      this.db.prepare('DELETE FROM polls WHERE game_id = ?').run(gameId);
      this.db.prepare('DELETE FROM votes WHERE game_id = ?').run(gameId);
      this.db.prepare('DELETE FROM turns WHERE game_id = ?').run(gameId);
      this.db.prepare('UPDATE games SET state = NULL WHERE id = ?').run(gameId);
      return true;
    });
  }

  /** Running games by game id (metrics). */
  runningByGame(): Record<string, number> {
    const rows = this.db.prepare(`SELECT game, COUNT(*) AS n FROM games WHERE status = 'running' GROUP BY game`).all() as { game: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.game, r.n]));
  }

  insertDecision(d: Omit<DecisionRow, 'undone'>): void {
    this.db.prepare('INSERT INTO decisions (game_id, version, seat, option, user_id, events, at, revealed) VALUES (@game_id, @version, @seat, @option, @user_id, @events, @at, @revealed)').run(d);
  }

  markUndone(gameId: number, version: number): void {
    this.db.prepare('UPDATE decisions SET undone = 1 WHERE game_id = ? AND version = ?').run(gameId, version);
  }

  addTableLog(gameId: number, version: number, events: unknown[]): void {
    this.db.prepare('INSERT INTO table_log (game_id, version, at, events) VALUES (?, ?, ?, ?)').run(gameId, version, this.now(), JSON.stringify(events));
  }

  tableLog(gameId: number): { version: number; at: number; events: string }[] {
    return this.db.prepare('SELECT version, at, events FROM table_log WHERE game_id = ? ORDER BY rowid').all(gameId) as { version: number; at: number; events: string }[];
  }

  // ---- turns, vacations, settings, results ----

  turns(gameId: number): TurnRow[] {
    return this.db.prepare('SELECT * FROM turns WHERE game_id = ? ORDER BY seat').all(gameId) as TurnRow[];
  }

  allTurnsOfRunningGames(): (TurnRow & { deadline_hours: number | null; guild_id: string | null })[] {
    return this.db.prepare(`SELECT t.*, g.deadline_hours, g.guild_id FROM turns t JOIN games g ON g.id = t.game_id WHERE g.status = 'running'`).all() as (TurnRow & { deadline_hours: number | null; guild_id: string | null })[];
  }

  /** Keeps one turn row per owing seat: new ones start now, rows of seats that no longer owe go. */
  syncTurns(gameId: number, owed: number[]): void {
    const have = new Set(this.turns(gameId).map((t) => t.seat));
    const del = this.db.prepare('DELETE FROM turns WHERE game_id = ? AND seat = ?');
    for (const seat of have) if (!owed.includes(seat)) del.run(gameId, seat);
    const ins = this.db.prepare('INSERT INTO turns (game_id, seat, since) VALUES (?, ?, ?)');
    for (const seat of owed) if (!have.has(seat)) ins.run(gameId, seat, this.now());
  }

  clearTurns(gameId: number): void {
    this.db.prepare('DELETE FROM turns WHERE game_id = ?').run(gameId);
  }

  updateTurn(gameId: number, seat: number, fields: Partial<Pick<TurnRow, 'extra_ms' | 'reminded_at' | 'expired_at' | 'since' | 'silent_waits'>>): void {
    const keys = Object.keys(fields);
    if (!keys.length) return;
    this.db.prepare(`UPDATE turns SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE game_id = @game_id AND seat = @seat`).run({ ...fields, game_id: gameId, seat });
  }

  /** A user's vacations; with `guildId`, only those taken in that server (a vacation pauses that server's games). */
  vacations(userId: string, guildId?: string | null): { guild_id: string; start_at: number; end_at: number }[] {
    const all = this.db.prepare('SELECT guild_id, start_at, end_at FROM vacations WHERE user_id = ? ORDER BY start_at').all(userId) as { guild_id: string; start_at: number; end_at: number }[];
    return guildId === undefined ? all : all.filter((v) => v.guild_id === (guildId ?? 'dm'));
  }

  addVacation(userId: string, guildId: string, start: number, end: number): void {
    this.db.prepare('INSERT INTO vacations (user_id, guild_id, start_at, end_at) VALUES (?, ?, ?, ?)').run(userId, guildId, start, end);
  }

  /** Ends the user's vacations in a server: the running one stops now, planned ones go (returns how many). */
  endVacations(userId: string, guildId: string, now: number): number {
    const ended = this.db.prepare('UPDATE vacations SET end_at = ? WHERE user_id = ? AND guild_id = ? AND start_at <= ? AND end_at > ?').run(now, userId, guildId, now, now).changes;
    return ended + this.db.prepare('DELETE FROM vacations WHERE user_id = ? AND guild_id = ? AND start_at > ?').run(userId, guildId, now).changes;
  }

  guildSettings(guildId: string): GuildSettings {
    return (this.db.prepare('SELECT * FROM guild_settings WHERE guild_id = ?').get(guildId) as GuildSettings | undefined)
      ?? { guild_id: guildId, deadline_hours: null, vacation_days: 21, manager_role: null, locale: null, global_board: 0 };
  }

  saveGuildSettings(s: GuildSettings): void {
    this.db.prepare(`INSERT INTO guild_settings (guild_id, deadline_hours, vacation_days, manager_role, locale, global_board) VALUES (@guild_id, @deadline_hours, @vacation_days, @manager_role, @locale, @global_board)
                     ON CONFLICT (guild_id) DO UPDATE SET deadline_hours = excluded.deadline_hours, vacation_days = excluded.vacation_days, manager_role = excluded.manager_role, locale = excluded.locale,
                       global_board = excluded.global_board`).run(s);
  }

  addResult(r: { game_id: number; user_id: string; game: string; guild_id: string | null; place: number; score: number; won: number; players: number }): void {
    this.db.prepare('INSERT OR REPLACE INTO results (game_id, user_id, game, guild_id, place, score, won, players) VALUES (@game_id, @user_id, @game, @guild_id, @place, @score, @won, @players)').run(r);
  }

  stats(userId: string): { game: string; games: number; wins: number; avg_place: number }[] {
    return this.db.prepare('SELECT game, COUNT(*) AS games, SUM(won) AS wins, AVG(place) AS avg_place FROM results WHERE user_id = ? GROUP BY game ORDER BY game').all(userId) as { game: string; games: number; wins: number; avg_place: number }[];
  }

  settings(userId: string): UserSettings {
    return (this.db.prepare('SELECT * FROM user_settings WHERE user_id = ?').get(userId) as UserSettings | undefined)
      ?? { user_id: userId, dms: 1, dm_closed: 0, locale: null, quiet_start: null, quiet_end: null, tz_offset_min: 0, digest_hour: null, digest_day: null };
  }

  /** Remembers a user's Discord language (the caller writes only when it changed). */
  setDiscordLocale(userId: string, locale: string): void {
    this.db.prepare(`INSERT INTO user_settings (user_id, discord_locale) VALUES (?, ?)
                     ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale`).run(userId, locale);
  }

  saveSettings(s: UserSettings): void {
    this.db.prepare(`INSERT INTO user_settings (user_id, dms, dm_closed, locale, quiet_start, quiet_end, tz_offset_min, digest_hour, digest_day)
                     VALUES (@user_id, @dms, @dm_closed, @locale, @quiet_start, @quiet_end, @tz_offset_min, @digest_hour, @digest_day)
                     ON CONFLICT (user_id) DO UPDATE SET dms = excluded.dms, dm_closed = excluded.dm_closed, locale = excluded.locale,
                       quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, tz_offset_min = excluded.tz_offset_min,
                       digest_hour = excluded.digest_hour, digest_day = excluded.digest_day`).run(s);
  }

  // ---- one player's games, placings, ratings, digests ----

  /** Games (any status) in which `userId` holds a place or a lobby seat, newest first. */
  gamesOf(userId: string, statuses: GameStatus[]): GameRow[] {
    return this.db.prepare(`SELECT g.* FROM games g JOIN players p ON p.game_id = g.id
                            WHERE p.user_id = ? AND g.status IN (${statuses.map(() => '?').join(',')}) ORDER BY g.id DESC`).all(userId, ...statuses) as GameRow[];
  }

  /** The user's newest results (finished games only), newest first. */
  recentResults(userId: string, limit: number): (ResultRow & { finished_at: number | null; thread_id: string | null; channel_id: string })[] {
    return this.db.prepare(`SELECT r.*, g.finished_at, g.thread_id, g.channel_id FROM results r JOIN games g ON g.id = r.game_id
                            WHERE r.user_id = ? ORDER BY g.finished_at DESC, g.id DESC LIMIT ?`).all(userId, limit) as (ResultRow & { finished_at: number | null; thread_id: string | null; channel_id: string })[];
  }

  /** Users whose daily digest is switched on. */
  digestUsers(): UserSettings[] {
    return this.db.prepare('SELECT * FROM user_settings WHERE digest_hour IS NOT NULL ORDER BY user_id').all() as UserSettings[];
  }

  addPlacing(p: PlacingRow): void {
    this.db.prepare('INSERT OR REPLACE INTO placings (game_id, seat, user_id, kind, ai_level, place) VALUES (@game_id, @seat, @user_id, @kind, @ai_level, @place)').run(p);
  }

  placings(gameId: number): PlacingRow[] {
    return this.db.prepare('SELECT game_id, seat, user_id, kind, ai_level, place FROM placings WHERE game_id = ? ORDER BY seat').all(gameId) as PlacingRow[];
  }

  /** Finished games in the order they finished (ties: the order their placings were written). */
  finishedGames(): GameRow[] {
    return this.db.prepare(`SELECT g.* FROM games g LEFT JOIN (SELECT game_id, MIN(rowid) AS first FROM placings GROUP BY game_id) p ON p.game_id = g.id
                            WHERE g.status = 'finished' ORDER BY g.finished_at, p.first, g.id`).all() as GameRow[];
  }

  rating(userId: string, game: string, scope: string): RatingRow | undefined {
    return this.db.prepare('SELECT * FROM ratings WHERE user_id = ? AND game = ? AND scope = ?').get(userId, game, scope) as RatingRow | undefined;
  }

  saveRating(r: RatingRow): void {
    this.db.prepare(`INSERT INTO ratings (user_id, game, scope, mu, sigma, games, updated_at) VALUES (@user_id, @game, @scope, @mu, @sigma, @games, @updated_at)
                     ON CONFLICT (user_id, game, scope) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at`).run(r);
  }

  addRatingChange(c: RatingChangeRow): void {
    this.db.prepare(`INSERT OR REPLACE INTO rating_changes (game_id, user_id, game, scope, mu_before, sigma_before, mu, sigma, at)
                     VALUES (@game_id, @user_id, @game, @scope, @mu_before, @sigma_before, @mu, @sigma, @at)`).run(c);
  }

  /** All ratings of a game in a scope. */
  ratingsOf(game: string, scope: string): RatingRow[] {
    return this.db.prepare('SELECT * FROM ratings WHERE game = ? AND scope = ? ORDER BY user_id').all(game, scope) as RatingRow[];
  }

  allRatings(): RatingRow[] {
    return this.db.prepare('SELECT * FROM ratings ORDER BY game, scope, user_id').all() as RatingRow[];
  }

  userRatings(userId: string, scope: string): RatingRow[] {
    return this.db.prepare('SELECT * FROM ratings WHERE user_id = ? AND scope = ? ORDER BY game').all(userId, scope) as RatingRow[];
  }

  /** The user's newest rating changes in one game and scope, newest first. */
  ratingChanges(userId: string, game: string, scope: string, limit: number): RatingChangeRow[] {
    return this.db.prepare('SELECT * FROM rating_changes WHERE user_id = ? AND game = ? AND scope = ? ORDER BY at DESC, rowid DESC LIMIT ?').all(userId, game, scope, limit) as RatingChangeRow[];
  }

  clearRatings(): void {
    this.db.prepare('DELETE FROM rating_changes').run();
    this.db.prepare('DELETE FROM ratings').run();
  }

  /**
   * For the global leaderboard of a game: each person who finished it in a server that allows global
   * leaderboards, with the name from their newest such game.
   */
  globalBoardNames(game: string): Map<string, string> {
    const rows = this.db.prepare(`SELECT p.user_id, p.name FROM players p JOIN games g ON g.id = p.game_id JOIN guild_settings s ON s.guild_id = g.guild_id
                                  WHERE g.game = ? AND g.status = 'finished' AND s.global_board = 1 AND p.kind = 'human' ORDER BY g.finished_at, g.id`).all(game) as { user_id: string; name: string }[];
    return new Map(rows.map((r) => [r.user_id, r.name]));
  }

  /** The name of each person in their newest finished game of `game` in a server. */
  serverNames(game: string, guildId: string): Map<string, string> {
    const rows = this.db.prepare(`SELECT p.user_id, p.name FROM players p JOIN games g ON g.id = p.game_id
                                  WHERE g.game = ? AND g.guild_id = ? AND g.status = 'finished' AND p.kind = 'human' ORDER BY g.finished_at, g.id`).all(game, guildId) as { user_id: string; name: string }[];
    return new Map(rows.map((r) => [r.user_id, r.name]));
  }

  vote(gameId: number, kind: string, userId: string, vote: string): void {
    this.db.prepare('INSERT INTO votes (game_id, kind, user_id, vote) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET vote = excluded.vote').run(gameId, kind, userId, vote);
  }

  votes(gameId: number, kind: string): { user_id: string; vote: string }[] {
    return this.db.prepare('SELECT user_id, vote FROM votes WHERE game_id = ? AND kind = ? ORDER BY rowid').all(gameId, kind) as { user_id: string; vote: string }[];
  }

  clearVotes(gameId: number, kind: string): void {
    this.db.prepare('DELETE FROM votes WHERE game_id = ? AND kind = ?').run(gameId, kind);
  }

  /** Open polls on absent players (deadline votes), with the game's deadline. */
  openDeadlinePolls(): (PollRow & { deadline_hours: number | null })[] {
    return this.db.prepare(`SELECT p.*, g.deadline_hours FROM polls p JOIN games g ON g.id = p.game_id WHERE p.kind LIKE 'deadline.%' AND g.status = 'running'`).all() as (PollRow & { deadline_hours: number | null })[];
  }

  poll(gameId: number, kind: string): PollRow | undefined {
    return this.db.prepare('SELECT * FROM polls WHERE game_id = ? AND kind = ?').get(gameId, kind) as PollRow | undefined;
  }

  openPoll(p: Omit<PollRow, 'message_id'>): void {
    this.db.prepare('INSERT OR REPLACE INTO polls (game_id, kind, proposer, version, opened_at) VALUES (@game_id, @kind, @proposer, @version, @opened_at)').run(p);
    this.clearVotes(p.game_id, p.kind);
  }

  setPollMessage(gameId: number, kind: string, messageId: string): void {
    this.db.prepare('UPDATE polls SET message_id = ? WHERE game_id = ? AND kind = ?').run(messageId, gameId, kind);
  }

  /** Closes a poll and forgets its votes. */
  closePoll(gameId: number, kind: string): void {
    this.db.prepare('DELETE FROM polls WHERE game_id = ? AND kind = ?').run(gameId, kind);
    this.clearVotes(gameId, kind);
  }

  // ---- jobs (the outbox) ----

  addJob(j: Pick<JobRow, 'game_id' | 'lane' | 'effect' | 'priority' | 'run_at'>): number {
    return Number(this.db.prepare('INSERT INTO jobs (game_id, lane, effect, priority, run_at, created_at) VALUES (@game_id, @lane, @effect, @priority, @run_at, @created_at)').run({ ...j, created_at: this.now() }).lastInsertRowid);
  }

  /** The first job of every lane (lanes run in order), due at `now`, most urgent first. */
  dueJobs(now: number, limit: number): JobRow[] {
    return this.db.prepare(`SELECT j.* FROM jobs j
      WHERE j.run_at <= ? AND j.id = (SELECT MIN(id) FROM jobs k WHERE k.game_id = j.game_id AND k.lane = j.lane)
      ORDER BY j.priority, j.id LIMIT ?`).all(now, limit) as JobRow[];
  }

  /** Drops jobs with this very effect that wait in the lane and have not been tried yet (a newer one replaces them). */
  dropWaitingTwins(gameId: number, lane: string, effect: string, now: number): void {
    this.db.prepare('DELETE FROM jobs WHERE game_id = ? AND lane = ? AND effect = ? AND attempts = 0 AND run_at <= ?').run(gameId, lane, effect, now);
  }

  /** The kinds of effect waiting as jobs for a game. */
  pendingJobKinds(gameId: number): Set<string> {
    const rows = this.db.prepare('SELECT effect FROM jobs WHERE game_id = ?').all(gameId) as { effect: string }[];
    return new Set(rows.map((r) => (JSON.parse(r.effect) as { kind: string }).kind));
  }

  finishJob(id: number): void {
    this.db.prepare('DELETE FROM jobs WHERE id = ?').run(id);
  }

  retryJob(id: number, runAt: number, error: string): void {
    this.db.prepare('UPDATE jobs SET attempts = attempts + 1, run_at = ?, last_error = ? WHERE id = ?').run(runAt, error.slice(0, 500), id);
  }

  jobBacklog(): { count: number; oldest: number | null } {
    const r = this.db.prepare('SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM jobs').get() as { count: number; oldest: number | null };
    return r;
  }

  /** The soonest a job becomes due (null: none waits). */
  nextJobAt(): number | null {
    return (this.db.prepare('SELECT MIN(run_at) AS t FROM jobs').get() as { t: number | null }).t;
  }

  /**
   * Runs `fn` in one write transaction, begun IMMEDIATE: the write lock is taken at the start, so a second
   * process waits (busy timeout) instead of failing half-way when it tries to write.
   */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }
}
