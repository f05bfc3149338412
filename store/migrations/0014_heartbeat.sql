-- Version 14: what a running pbem serve says of itself, for pbem status.
-- One row per daemon (name 'serve'), rewritten every few seconds while it
-- runs: when it started and last beat, its process ID, its IMAP
-- connection's state ('connected', 'connecting', 'idle', 'polling',
-- 'down', 'off') and the last error it met, in words.
CREATE TABLE heartbeat (
    name       TEXT PRIMARY KEY,
    pid        INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    beat_at    TEXT NOT NULL,
    imap       TEXT NOT NULL DEFAULT '',
    last_error TEXT NOT NULL DEFAULT ''
);
