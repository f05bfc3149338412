-- Version 13: how much mail a player gets.
-- mail_pref is 'every' (a mail for every move, as before), 'turn' (only
-- when it is their turn, or a game ends) or 'digest' (one mail a day
-- listing the games that wait for them). digest_at is the digest's time
-- of day, in minutes after midnight UTC; next_digest is when the next is
-- due, set only for 'digest' and indexed so that finding the digests due
-- reads no other player.
ALTER TABLE players ADD COLUMN mail_pref TEXT NOT NULL DEFAULT 'every' CHECK (mail_pref IN ('every', 'turn', 'digest'));
ALTER TABLE players ADD COLUMN digest_at INTEGER;
ALTER TABLE players ADD COLUMN next_digest TEXT;
CREATE INDEX players_next_digest ON players (next_digest) WHERE next_digest IS NOT NULL;
