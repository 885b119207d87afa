-- For players in many games: every seat's final place (computers too), ratings per game and scope with their
-- history, the daily digest, and a server's consent to appear on the global leaderboard.

-- Final places of every seat (people and computers), written in the transaction that finishes the game. The
-- ratings are rebuilt from these rows alone.
CREATE TABLE placings (
  game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat     INTEGER NOT NULL,
  user_id  TEXT    NOT NULL,                       -- Discord user id, or 'ai:<n>'
  kind     TEXT    NOT NULL CHECK (kind IN ('human', 'ai')),
  ai_level TEXT,                                   -- the level of a computer seat (its fixed rating)
  place    INTEGER NOT NULL,                       -- 1 = first; tied seats share a place
  PRIMARY KEY (game_id, seat)
);

-- A person's rating in one game (engine id) and scope: a server's id, or '*' across servers.
CREATE TABLE ratings (
  user_id    TEXT    NOT NULL,
  game       TEXT    NOT NULL,
  scope      TEXT    NOT NULL,
  mu         REAL    NOT NULL,
  sigma      REAL    NOT NULL,
  games      INTEGER NOT NULL,                     -- finished games counted
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, game, scope)
);
CREATE INDEX ratings_board ON ratings (game, scope);

-- Every change a finished game made to a rating (stats show the recent ones).
CREATE TABLE rating_changes (
  game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id      TEXT    NOT NULL,
  game         TEXT    NOT NULL,
  scope        TEXT    NOT NULL,
  mu_before    REAL    NOT NULL,
  sigma_before REAL    NOT NULL,
  mu           REAL    NOT NULL,
  sigma        REAL    NOT NULL,
  at           INTEGER NOT NULL,
  PRIMARY KEY (game_id, user_id, scope)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game, scope, at);

ALTER TABLE user_settings ADD COLUMN digest_hour INTEGER;          -- local hour of the daily digest; NULL: off
ALTER TABLE user_settings ADD COLUMN digest_day INTEGER;           -- the last digest day handled (see mygames.ts)
ALTER TABLE guild_settings ADD COLUMN global_board INTEGER NOT NULL DEFAULT 0;  -- members may appear on global leaderboards
