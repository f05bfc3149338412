-- Version 2: the mail side: inbound mail, the outbox, chat and IMAP progress.

-- Every mail received, recorded by Message-ID (or a hash of its bytes) in
-- the same transaction as what it causes: a second copy is ignored.
CREATE TABLE inbound_mails (
    id          INTEGER PRIMARY KEY,
    message_id  TEXT NOT NULL UNIQUE,
    raw         BLOB NOT NULL,
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL,                 -- applied, refused, ignored, rejected
    detail      TEXT NOT NULL DEFAULT '',
    game_id     INTEGER REFERENCES games (id)
);

-- Mails to send, whole (RFC 5322 bytes), written in the same transaction as
-- the move that causes them; a sender drains it with retries.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER REFERENCES games (id),
    message_id      TEXT NOT NULL UNIQUE,
    recipient       TEXT NOT NULL,
    raw             BLOB NOT NULL,
    created_at      TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    sent_at         TEXT,
    abandoned_at    TEXT,                      -- refused for good: no more attempts
    last_error      TEXT NOT NULL DEFAULT ''
);

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND abandoned_at IS NULL;

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

-- The last explanatory reply sent to each unknown address, so that a
-- stranger gets at most one a day and two servers never loop.
CREATE TABLE stranger_replies (
    address TEXT PRIMARY KEY COLLATE NOCASE,
    sent_at TEXT NOT NULL
);
