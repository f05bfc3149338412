-- Version 5: inbound mail is deduplicated by a key of its own, not by its
-- Message-ID alone: two different mails may share one (a broken client, a
-- forger), and each must be handled. The key is the Message-ID with a
-- digest of From, Date and body, or the digest alone for a mail without
-- one. Rows from before keep their Message-ID as key, which a copy of
-- them fetched again still matches.
CREATE TABLE inbound_mails_v5 (
    id          INTEGER PRIMARY KEY,
    mail_key    TEXT NOT NULL UNIQUE,
    message_id  TEXT NOT NULL,
    raw         BLOB NOT NULL,
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL,                 -- applied, refused, ignored, rejected
    detail      TEXT NOT NULL DEFAULT '',
    game_id     INTEGER REFERENCES games (id)
);

INSERT INTO inbound_mails_v5 (id, mail_key, message_id, raw, received_at, outcome, detail, game_id)
    SELECT id, message_id, message_id, raw, received_at, outcome, detail, game_id FROM inbound_mails;

DROP TABLE inbound_mails;
ALTER TABLE inbound_mails_v5 RENAME TO inbound_mails;
CREATE INDEX inbound_mails_message_id ON inbound_mails (message_id);
