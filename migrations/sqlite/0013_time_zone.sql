-- A person's time zone (an IANA name) from their profile; NULL until they choose one, when
-- their browser's zone applies.
ALTER TABLE users ADD COLUMN time_zone TEXT;
