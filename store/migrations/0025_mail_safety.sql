-- Version 25: what keeps one mail from holding up the others, and what
-- lets a player revoke every address the server gave them.
--
-- inbound_tries counts the passing failures of a mail that could not be
-- recorded yet (the database busy, the disk full): after a bounded number
-- of tries the mail is recorded as failed and set aside, instead of being
-- tried for ever. A row goes once the mail is recorded.
CREATE TABLE inbound_tries (
    mail_key   TEXT PRIMARY KEY,
    tries      INTEGER NOT NULL,
    first_at   TEXT NOT NULL,
    last_at    TEXT NOT NULL,
    last_error TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;

-- A player's token generation: the digests' reply addresses and the lobby's
-- address tokens carry it, so that a rekey (of any seat of theirs) ends
-- every such address issued before it.
ALTER TABLE players ADD COLUMN token_gen INTEGER NOT NULL DEFAULT 0;

-- A sign-up written in French starts a French account: the confirmation
-- keeps the language of the request.
--
-- What a mail to the lobby asked that changes its sender's state (stop,
-- name, alias, new, accept, join, watch…) waits, when the mail does not
-- prove its sender (no token of theirs, no vouching of the operator's
-- mail server), for a reply from the address it claims: a confirmation
-- of kind 'command', holding the line to do once it comes.
CREATE TABLE confirmations_v25 (
    token_hash TEXT PRIMARY KEY,             -- hex SHA-256 of the token mailed
    kind       TEXT NOT NULL CHECK (kind IN ('signup', 'alias', 'signoff', 'command')),
    address    TEXT NOT NULL COLLATE NOCASE, -- where the confirmation went, and must come from
    player_id  INTEGER REFERENCES players (id) ON DELETE CASCADE, -- alias, signoff: whose
    name       TEXT NOT NULL DEFAULT '',     -- signup: the name asked for
    command    TEXT NOT NULL DEFAULT '',     -- command: the line to do, as written
    lang       TEXT NOT NULL DEFAULT '',     -- signup: the language the request was written in
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT                          -- set once confirmed: a token confirms once
);

INSERT INTO confirmations_v25 (token_hash, kind, address, player_id, name, created_at, expires_at, used_at)
    SELECT token_hash, kind, address, player_id, name, created_at, expires_at, used_at FROM confirmations;

DROP TABLE confirmations;
ALTER TABLE confirmations_v25 RENAME TO confirmations;
CREATE INDEX confirmations_address ON confirmations (address, created_at);
