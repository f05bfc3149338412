-- Version 32: clocks that know about delivery. The clock of the player to
-- move names the mail whose acceptance by the relay starts it (the
-- Message-ID of their turn mail; '' for none), why it is held though the
-- player has time ('' running or stopped by a vacation, 'delivery' waiting
-- for the relay to accept that mail, 'bounced' or 'abandoned' stopped
-- because it never reached them) and the relay's words for a stop. Every
-- clock before this version started with its move: none is held.
ALTER TABLE games ADD COLUMN clock_mail TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clock_held TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clock_why TEXT NOT NULL DEFAULT '';
-- The held clocks, few, for pbem status and pbem doctor.
CREATE INDEX games_clock_held ON games (clock_held) WHERE clock_held != '';
