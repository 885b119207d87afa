-- Over days: a vote on an absent player closes by itself (after the game's deadline or 24 h, whichever is
-- shorter); with no votes the table waits once more, then skips — `silent_waits` counts those waits. DMs follow
-- the user's own Discord language, remembered from their last interaction.
ALTER TABLE turns ADD COLUMN silent_waits BIGINT NOT NULL DEFAULT 0;
ALTER TABLE user_settings ADD COLUMN discord_locale TEXT;
