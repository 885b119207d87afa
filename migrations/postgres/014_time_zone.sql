-- A player's time zone by name (IANA, e.g. Europe/Berlin): quiet hours and the digest follow its daylight-saving
-- changes. NULL: the fixed offset in tz_offset_min (as before).
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
