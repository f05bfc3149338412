-- Version 2: the mail side: inbound mail, the outbox, chat and IMAP progress.

-- Every mail received, recorded before it takes effect: a second copy of
-- the same Message-ID is ignored.
CREATE TABLE inbound_mails (
    id          INTEGER PRIMARY KEY,
    message_id  TEXT NOT NULL UNIQUE,
    raw         BLOB NOT NULL,
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL DEFAULT 'pending',
    detail      TEXT NOT NULL DEFAULT '',
    game_id     INTEGER REFERENCES games (id)
);

-- Mails to send; a sender drains it with retries. A row is written in the
-- same transaction as the move that causes it.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER REFERENCES games (id),
    message_id      TEXT NOT NULL UNIQUE,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    sent_at         TEXT,
    last_error      TEXT NOT NULL DEFAULT ''
);

CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL;

CREATE TABLE chat (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    text       TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- IMAP progress per mailbox: a UIDVALIDITY change means start over.
CREATE TABLE mailbox_state (
    mailbox     TEXT PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    last_uid    INTEGER NOT NULL
);
