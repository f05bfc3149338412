-- Version 3: one table for every answer sent at most once in a while: the
-- explanation to a stranger (once a day per address) and the status sent
-- for a mail without a command (once an hour per seat). Keeping when each
-- was last sent in the transaction of the mail that causes it means a
-- crash never spends an answer without sending it, and an auto-responder
-- that ignores Auto-Submitted can never loop with the server.
CREATE TABLE reply_limits (
    key     TEXT PRIMARY KEY,   -- what the answer is about: "stranger:ADDRESS", "status:GAME:SEAT"
    sent_at TEXT NOT NULL
);

INSERT INTO reply_limits (key, sent_at)
    SELECT 'stranger:' || lower(address), sent_at FROM stranger_replies;

DROP TABLE stranger_replies;
