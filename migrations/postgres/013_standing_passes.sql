-- Standing answers (issue #26): windows a player always passes in, per game, as JSON: ["tal:tal.window.combat", …].
-- A seat whose player set one passes there by itself, unseen, like a seat with nothing to play.
ALTER TABLE user_settings ADD COLUMN standing_passes TEXT;
