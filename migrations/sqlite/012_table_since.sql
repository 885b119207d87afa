-- A quiet table (issue #26): steps inside one person's turn edit the newest table in place instead of posting a new
-- one. `table_since` is the version after which the newest table's "what happened" lines begin: a post starts them
-- after the table before it, an edit in place keeps them and adds the lines of the steps since.
ALTER TABLE games ADD COLUMN table_since INTEGER;
