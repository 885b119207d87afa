-- Votes of the table as polls of their own: who asked, at which version, on which message (a click on another
-- message is refused), and when it closes. Votes stay in `votes`, keyed by the poll's kind.
CREATE TABLE polls (
  game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  kind       TEXT    NOT NULL,                      -- 'abandon' | 'undo' | 'deadline.<seat>'
  proposer   TEXT,                                  -- the user who asked (abandon, undo); NULL for deadlines
  version    BIGINT NOT NULL,                      -- the game's version when it opened
  opened_at  BIGINT NOT NULL,
  message_id TEXT,                                  -- the post that carries its buttons
  PRIMARY KEY (game_id, kind)
);
