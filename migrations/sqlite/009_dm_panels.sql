-- The newest DM that carries a seat's panel (its live buttons): where it is and the game version it was drawn at, so
-- that once the seat answered or the game moved on a job takes its buttons off, exactly once.
ALTER TABLE players ADD COLUMN dm_channel_id TEXT;
ALTER TABLE players ADD COLUMN dm_message_id TEXT;
ALTER TABLE players ADD COLUMN dm_version INTEGER;
