-- A game's newest table may go out as a follow-up of the click that caused it (an interaction webhook, which
-- Discord does not count against the bot's global limit of 50 requests a second). The token of the newest click
-- made in the game's own thread, and until when it may be used (Discord keeps it 15 minutes); `table_via` is the
-- version whose table is on its way as a follow-up and not yet recorded (a job run again after a crash looks in
-- the thread for it before posting again: follow-ups carry no nonce). `table_token` / `table_token_until`: the token
-- the newest table went out with, so that it loses its buttons through it (no channel's edit limit) once replaced.
ALTER TABLE games ADD COLUMN reply_token TEXT;
ALTER TABLE games ADD COLUMN reply_until INTEGER;
ALTER TABLE games ADD COLUMN table_via INTEGER;
ALTER TABLE games ADD COLUMN table_token TEXT;
ALTER TABLE games ADD COLUMN table_token_until INTEGER;
