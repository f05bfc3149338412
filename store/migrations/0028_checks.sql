-- Version 28: the last full check of the database (SQLite's quick_check),
-- for pbem status and /healthz, and for pbem serve, which will not start
-- on a database its last check found damaged.
--
-- One row per kind of check (today only 'quick_check'), rewritten by each
-- run: when it ran, how long it took, who ran it ('serve' at its start or
-- every server.check_every, 'check' for pbem check), whether the database
-- was sound, and SQLite's first findings when not, a line each.
CREATE TABLE db_checks (
    kind       TEXT PRIMARY KEY,
    checked_at TEXT NOT NULL,
    took_ms    INTEGER NOT NULL,
    by         TEXT NOT NULL,
    ok         INTEGER NOT NULL,
    findings   TEXT NOT NULL DEFAULT ''
);
