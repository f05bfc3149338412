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
