-- Version 32: rematches. A challenge made by a rematch names the finished
-- game it plays again (rematch_of), so that a second rematch of that game
-- joins the first rather than making another; its seats may be computer
-- seats (bot, the label with its level after a colon, as game new takes
-- it), taken and accepted from the start. NULL for every challenge and
-- seat before this version.
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games (id);
CREATE INDEX challenges_rematch ON challenges (rematch_of) WHERE rematch_of IS NOT NULL;
ALTER TABLE challenge_seats ADD COLUMN bot TEXT;
