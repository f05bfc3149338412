-- Version 19: what a player asks by mail at the bare address that only a
-- reply from the address concerned completes (sign-up, alias, sign-off),
-- and who started each game. Only a hash of each confirmation's token is
-- kept: a copy of the database confirms nothing.
CREATE TABLE confirmations (
    token_hash TEXT PRIMARY KEY,             -- hex SHA-256 of the token mailed
    kind       TEXT NOT NULL CHECK (kind IN ('signup', 'alias', 'signoff')),
    address    TEXT NOT NULL COLLATE NOCASE, -- where the confirmation went, and must come from
    player_id  INTEGER REFERENCES players (id) ON DELETE CASCADE, -- alias, signoff: whose
    name       TEXT NOT NULL DEFAULT '',     -- signup: the name asked for
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT                          -- set once confirmed: a token confirms once
);

CREATE INDEX confirmations_address ON confirmations (address, created_at);

-- The player who started a game by mail; NULL for the operator's games.
ALTER TABLE games ADD COLUMN created_by INTEGER REFERENCES players (id);

CREATE INDEX games_created_by ON games (created_by, created_at);
