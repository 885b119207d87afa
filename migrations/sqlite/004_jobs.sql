-- The transactional outbox: what a committed change must cause (post the table, DM a seat, a computer's move,
-- a reminder's post, a vote's post) is written here in the same transaction as the change, and carried out by
-- the job runner after the reply, retried until it succeeds, in order within its lane of a game.
CREATE TABLE jobs (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused: a job id makes the nonce of its posts
  game_id    INTEGER NOT NULL,
  lane       TEXT    NOT NULL,                      -- 'game' (tables, posts, computer moves) or 'dm:<seat>'
  effect     TEXT    NOT NULL,                      -- the effect, JSON (src/service/effects.ts)
  priority   INTEGER NOT NULL,                      -- 0 posts and pings, 1 computer moves, 2 DMs
  run_at     INTEGER NOT NULL,                      -- not before (backoff after a failure, Discord's retry_after)
  attempts   INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX jobs_by_lane ON jobs (game_id, lane, id);
CREATE INDEX jobs_by_time ON jobs (run_at);

-- A game opened in a channel waits for its thread before anything is posted; this says it lives in the channel.
ALTER TABLE games ADD COLUMN lives_in_channel INTEGER NOT NULL DEFAULT 0;
UPDATE games SET lives_in_channel = 1 WHERE thread_id IS NULL AND status <> 'lobby';
