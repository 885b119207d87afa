-- Play over days: deadlines and reminders, vacations, computer replacements, undo, results for stats,
-- per-server and richer per-player settings.
ALTER TABLE games ADD COLUMN deadline_hours BIGINT;              -- NULL: no deadline
ALTER TABLE players ADD COLUMN ai_level TEXT;                    -- level of a computer player or replacement
ALTER TABLE players ADD COLUMN replaced BIGINT NOT NULL DEFAULT 0; -- 1: a computer plays this human's seat for now
ALTER TABLE decisions ADD COLUMN revealed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE decisions ADD COLUMN undone BIGINT NOT NULL DEFAULT 0;  -- taken back: skipped when replaying

-- Log lines that belong to the table rather than to a decision (undo, skip, replacement, votes).
CREATE TABLE table_log (
  rowid    BIGINT GENERATED ALWAYS AS IDENTITY,    -- insertion order (SQLite's implicit rowid)
  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  version BIGINT NOT NULL,                      -- the game's version when it happened
  at      BIGINT NOT NULL,
  events  TEXT    NOT NULL                       -- JSON GameEvent[] (bot message keys)
);
CREATE INDEX table_log_by_game ON table_log (game_id, version);

-- One row per seat that owes a decision now: when its wait began and what the timers did.
CREATE TABLE turns (
  game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat        BIGINT NOT NULL,
  since       BIGINT NOT NULL,
  extra_ms    BIGINT NOT NULL DEFAULT 0,          -- time added by the table's "wait longer"
  reminded_at BIGINT,
  expired_at  BIGINT,                             -- the deadline passed and the table was asked
  PRIMARY KEY (game_id, seat)
);

CREATE TABLE vacations (
  user_id  TEXT    NOT NULL,
  guild_id TEXT    NOT NULL,
  start_at BIGINT NOT NULL,
  end_at   BIGINT NOT NULL
);
CREATE INDEX vacations_by_user ON vacations (user_id, end_at);

CREATE TABLE guild_settings (
  guild_id       TEXT PRIMARY KEY,
  deadline_hours BIGINT,                          -- default deadline of new games; NULL: 48 h
  vacation_days  BIGINT NOT NULL DEFAULT 21,      -- allowance per player per 365 days
  manager_role   TEXT,                             -- members with this role may manage games
  locale         TEXT                              -- language of public posts; NULL: the server's
);

ALTER TABLE user_settings ADD COLUMN quiet_start BIGINT;   -- local hour (0-23) from which no reminders come
ALTER TABLE user_settings ADD COLUMN quiet_end BIGINT;     -- local hour at which they may come again
ALTER TABLE user_settings ADD COLUMN tz_offset_min BIGINT NOT NULL DEFAULT 0;

-- Final placings, written when a game ends (stats read these).
CREATE TABLE results (
  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id TEXT    NOT NULL,
  game    TEXT    NOT NULL,
  guild_id TEXT,
  place   BIGINT NOT NULL,
  score   DOUBLE PRECISION    NOT NULL,
  won     BIGINT NOT NULL,
  players BIGINT NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_by_user ON results (user_id, game);
