-- Version 24: board pictures described once and drawn when their mails go.
--
-- A move's mails show its board as a picture. Rather than draw it in the
-- move's transaction and copy it into each mail, the transaction stores
-- the board's diagram here, once for every mail that shows it; the mails
-- hold a placeholder naming ref, and the sender draws the picture from the
-- diagram when the first of them goes out (keeping the last few drawn in
-- memory for the others), then fills it into each as it sends it.
--
-- last_mail is the newest outbox row that shows the picture: once the
-- outbox holds no row as old (PurgeOutbox deleted them), no mail needs it
-- and PurgeOutbox deletes it too.
CREATE TABLE pictures (
    ref       TEXT NOT NULL PRIMARY KEY,
    diagram   BLOB NOT NULL,
    last_mail INTEGER NOT NULL
);
CREATE INDEX pictures_last_mail ON pictures (last_mail);
