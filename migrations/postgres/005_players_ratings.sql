-- For players in many games: every seat's final place (computers too), ratings per game and scope with their
-- history, the daily digest, and a server's consent to appear on the global leaderboard.

-- Final places of every seat (people and computers), written in the transaction that finishes the game. The
-- ratings are rebuilt from these rows alone.
CREATE TABLE placings (
  rowid    BIGINT GENERATED ALWAYS AS IDENTITY,    -- insertion order (SQLite's implicit rowid)
  game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat     BIGINT NOT NULL,
  user_id  TEXT    NOT NULL,                       -- Discord user id, or 'ai:<n>'
  kind     TEXT    NOT NULL CHECK (kind IN ('human', 'ai')),
  ai_level TEXT,                                   -- the level of a computer seat (its fixed rating)
  place    BIGINT NOT NULL,                       -- 1 = first; tied seats share a place
  PRIMARY KEY (game_id, seat)
);

-- A person's rating in one game (engine id) and scope: a server's id, or '*' across servers.
CREATE TABLE ratings (
  user_id    TEXT    NOT NULL,
  game       TEXT    NOT NULL,
  scope      TEXT    NOT NULL,
  mu         DOUBLE PRECISION    NOT NULL,
  sigma      DOUBLE PRECISION    NOT NULL,
  games      BIGINT NOT NULL,                     -- finished games counted
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, game, scope)
);
CREATE INDEX ratings_board ON ratings (game, scope);

-- Every change a finished game made to a rating (stats show the recent ones).
CREATE TABLE rating_changes (
  rowid    BIGINT GENERATED ALWAYS AS IDENTITY,    -- insertion order (SQLite's implicit rowid)
  game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id      TEXT    NOT NULL,
  game         TEXT    NOT NULL,
  scope        TEXT    NOT NULL,
  mu_before    DOUBLE PRECISION    NOT NULL,
  sigma_before DOUBLE PRECISION    NOT NULL,
  mu           DOUBLE PRECISION    NOT NULL,
  sigma        DOUBLE PRECISION    NOT NULL,
  at           BIGINT NOT NULL,
  PRIMARY KEY (game_id, user_id, scope)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game, scope, at);

ALTER TABLE user_settings ADD COLUMN digest_hour BIGINT;          -- local hour of the daily digest; NULL: off
ALTER TABLE user_settings ADD COLUMN digest_day BIGINT;           -- the last digest day handled (see mygames.ts)
ALTER TABLE guild_settings ADD COLUMN global_board BIGINT NOT NULL DEFAULT 0;  -- members may appear on global leaderboards
