-- Games, their players, the append-only list of decisions, and user settings.
CREATE TABLE games (
  id               INTEGER PRIMARY KEY,
  game             TEXT    NOT NULL,                -- engine id (mammut, eiszeit, tal, endless-winter)
  status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
  guild_id         TEXT,
  channel_id       TEXT    NOT NULL,                -- where the lobby command was run
  thread_id        TEXT,                            -- the game's own thread; NULL when it lives in the channel
  host_id          TEXT    NOT NULL,
  locale           TEXT    NOT NULL DEFAULT 'en',   -- language of public posts
  options          TEXT    NOT NULL DEFAULT '{}',   -- lobby options, JSON
  seed             TEXT,                            -- set at start
  state            TEXT,                            -- snapshot after `version` decisions, JSON
  version          INTEGER NOT NULL DEFAULT 0,      -- number of decisions applied
  lobby_message_id TEXT,
  table_message_id TEXT,                            -- the newest table post (its buttons are live)
  table_version    INTEGER,                         -- the version that post shows
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL,
  finished_at      INTEGER
);
-- At most one live game per thread.
CREATE UNIQUE INDEX games_one_live_per_thread ON games (thread_id)
  WHERE thread_id IS NOT NULL AND status IN ('lobby', 'running');
CREATE INDEX games_by_channel ON games (channel_id, status);

CREATE TABLE players (
  game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id   TEXT    NOT NULL,                       -- Discord user id, or 'ai:<n>' for a computer player
  name      TEXT    NOT NULL,
  joined    INTEGER NOT NULL,                       -- join order (clockwise order)
  seat      INTEGER,                                -- set at start
  kind      TEXT    NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'ai')),
  PRIMARY KEY (game_id, user_id)
);
CREATE UNIQUE INDEX players_seat ON players (game_id, seat) WHERE seat IS NOT NULL;

CREATE TABLE decisions (
  game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  version  INTEGER NOT NULL,                        -- 1 = first decision; the PK makes a double apply impossible
  seat     INTEGER NOT NULL,
  option   TEXT    NOT NULL,
  user_id  TEXT    NOT NULL,                        -- who clicked (the seat's player, or 'table' / 'ai')
  events   TEXT    NOT NULL DEFAULT '[]',           -- log lines, JSON
  at       INTEGER NOT NULL,
  PRIMARY KEY (game_id, version)
);

CREATE TABLE user_settings (
  user_id       TEXT PRIMARY KEY,
  dms           INTEGER NOT NULL DEFAULT 1,          -- send hands and turns by DM
  dm_closed     INTEGER NOT NULL DEFAULT 0,          -- the last DM failed with 50007 (noted once)
  locale        TEXT
);

CREATE TABLE votes (
  game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  kind     TEXT    NOT NULL,                        -- 'abandon'
  user_id  TEXT    NOT NULL,
  vote     TEXT    NOT NULL,
  PRIMARY KEY (game_id, kind, user_id)
);
