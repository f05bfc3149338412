-- Version 4: each seat's reply-token generation. A rekey moves a seat to
-- the next one, and the tokens of the earlier ones stop working; 0 is the
-- token every seat had before.
ALTER TABLE seats ADD COLUMN token_gen INTEGER NOT NULL DEFAULT 0;
