-- Version 18: players who registered themselves, by mail. registered_at
-- is when a player confirmed their sign-up (or the operator registered
-- them); NULL for a player only an operator's game knows. signed_off_at
-- is when they signed off: no more games, no more mail.
ALTER TABLE players ADD COLUMN registered_at TEXT;
ALTER TABLE players ADD COLUMN signed_off_at TEXT;
