-- Finished and abandoned games, compacted: their decisions (with their log lines) move into one compressed row,
-- and the state snapshot goes (it is rebuilt from the seed and the decisions when a replay or a final table
-- needs it). Options, seed, players, results and the table's own log lines stay where they are.
CREATE TABLE archives (
  game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  format    BIGINT NOT NULL,                      -- 1: brotli-compressed JSON, one array per decision
  decisions BYTEA    NOT NULL,
  count     BIGINT NOT NULL,                      -- decisions in it (taken-back ones included)
  at        BIGINT NOT NULL                       -- when the game was compacted
);
