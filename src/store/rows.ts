/**
 * The tables' rows as `Repo` reads them (one interface a table; `Repo` exports them too).
 */
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
  /**
   * The newest click made in the game's own thread, whose interaction token may post the next table as a follow-up
   * until `reply_until` (see migration 011); `table_via`: the version whose table went out that way, not yet recorded.
   */
  reply_token?: string | null;
  reply_until?: number | null;
  table_via?: number | null;
  /** The token the newest table went out with as a follow-up (its buttons come off through it), and until when. */
  table_token?: string | null;
  table_token_until?: number | null;
  /** The version after which the newest table's "what happened" lines begin (it may have been edited since it went out). */
  table_since?: number | null;
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
  /** The newest DM carrying this seat's panel with live buttons (null: none), and the version it was drawn at. */
  dm_channel_id?: string | null;
  dm_message_id?: string | null;
  dm_version?: number | null;
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

/** A standing decision without its log lines (`Repo.choices`). */
export type ChoiceRow = Pick<DecisionRow, 'version' | 'seat' | 'option' | 'user_id' | 'at' | 'revealed'>;

export interface UserSettings {
  user_id: string;
  dms: number;
  dm_closed: number;
  locale: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
  tz_offset_min: number;
  /** A named time zone (IANA, e.g. Europe/Berlin) that wins over `tz_offset_min`: local hours follow daylight saving. */
  time_zone?: string | null;
  /** Local hour of the daily digest; null: off. */
  digest_hour: number | null;
  /** The user's Discord language as of their last interaction (DMs follow it unless `locale` is set). */
  discord_locale?: string | null;
  /** The last digest day handled (see `service/mygames.ts`). */
  digest_day: number | null;
  /** Reaction windows the user always passes in, as JSON `["<game>:<window key>", …]` (null: none). */
  standing_passes?: string | null;
}

export interface GuildSettings { guild_id: string; deadline_hours: number | null; vacation_days: number; manager_role: string | null; locale: string | null; global_board: number }

export interface PollRow { game_id: number; kind: string; proposer: string | null; version: number; opened_at: number; message_id: string | null }

export interface ResultRow { game_id: number; user_id: string; game: string; guild_id: string | null; place: number; score: number; won: number; players: number }

export interface TurnRow { game_id: number; seat: number; since: number; extra_ms: number; reminded_at: number | null; expired_at: number | null; silent_waits?: number }
