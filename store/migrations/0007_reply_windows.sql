-- Version 7: an answer may be limited to a number within a period, not
-- only to one: each key counts the answers sent since its window opened.
ALTER TABLE reply_limits ADD COLUMN window_start TEXT NOT NULL DEFAULT '';
ALTER TABLE reply_limits ADD COLUMN sent INTEGER NOT NULL DEFAULT 1;
UPDATE reply_limits SET window_start = sent_at;
