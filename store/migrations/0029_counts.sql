-- Version 29: the figures of pbem status kept, not counted.
--
-- game_counts holds how many games of each type are in each status, and
-- outbox_counts how many queued mails are pending (not sent, not
-- abandoned), sent, abandoned and bounced: triggers keep them in the
-- transaction of every statement that changes a game's status or a mail's
-- state, whichever code runs it, so that status reads a few rows whatever
-- the database holds. They start from the rows there are.
CREATE TABLE game_counts (
    game   TEXT NOT NULL,
    status TEXT NOT NULL,
    n      INTEGER NOT NULL,
    PRIMARY KEY (game, status)
) WITHOUT ROWID;

INSERT INTO game_counts (game, status, n) SELECT game, status, COUNT(*) FROM games GROUP BY game, status;

CREATE TRIGGER games_count_insert AFTER INSERT ON games
BEGIN
    INSERT INTO game_counts (game, status, n) VALUES (NEW.game, NEW.status, 1)
    ON CONFLICT (game, status) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER games_count_delete AFTER DELETE ON games
BEGIN
    UPDATE game_counts SET n = n - 1 WHERE game = OLD.game AND status = OLD.status;
END;

CREATE TRIGGER games_count_update AFTER UPDATE OF game, status ON games
WHEN NEW.game IS NOT OLD.game OR NEW.status IS NOT OLD.status
BEGIN
    UPDATE game_counts SET n = n - 1 WHERE game = OLD.game AND status = OLD.status;
    INSERT INTO game_counts (game, status, n) VALUES (NEW.game, NEW.status, 1)
    ON CONFLICT (game, status) DO UPDATE SET n = n + 1;
END;

-- A mail's state: pending, sent, abandoned and bounced, each a count of
-- the rows its condition holds for (a bounced mail was sent, and counts
-- as both).
CREATE TABLE outbox_counts (
    state TEXT PRIMARY KEY,
    n     INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO outbox_counts (state, n) VALUES
    ('pending', (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL)),
    ('sent', (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL)),
    ('abandoned', (SELECT COUNT(*) FROM outbox WHERE abandoned_at IS NOT NULL)),
    ('bounced', (SELECT COUNT(*) FROM outbox WHERE bounced_at IS NOT NULL));

CREATE TRIGGER outbox_count_insert AFTER INSERT ON outbox
BEGIN
    UPDATE outbox_counts SET n = n + CASE state
        WHEN 'pending' THEN NEW.sent_at IS NULL AND NEW.abandoned_at IS NULL
        WHEN 'sent' THEN NEW.sent_at IS NOT NULL
        WHEN 'abandoned' THEN NEW.abandoned_at IS NOT NULL
        ELSE NEW.bounced_at IS NOT NULL END;
END;

CREATE TRIGGER outbox_count_delete AFTER DELETE ON outbox
BEGIN
    UPDATE outbox_counts SET n = n - CASE state
        WHEN 'pending' THEN OLD.sent_at IS NULL AND OLD.abandoned_at IS NULL
        WHEN 'sent' THEN OLD.sent_at IS NOT NULL
        WHEN 'abandoned' THEN OLD.abandoned_at IS NOT NULL
        ELSE OLD.bounced_at IS NOT NULL END;
END;

CREATE TRIGGER outbox_count_update AFTER UPDATE OF sent_at, abandoned_at, bounced_at ON outbox
WHEN (NEW.sent_at IS NULL) <> (OLD.sent_at IS NULL) OR (NEW.abandoned_at IS NULL) <> (OLD.abandoned_at IS NULL)
    OR (NEW.bounced_at IS NULL) <> (OLD.bounced_at IS NULL)
BEGIN
    UPDATE outbox_counts SET n = n + CASE state
        WHEN 'pending' THEN (NEW.sent_at IS NULL AND NEW.abandoned_at IS NULL) - (OLD.sent_at IS NULL AND OLD.abandoned_at IS NULL)
        WHEN 'sent' THEN (NEW.sent_at IS NOT NULL) - (OLD.sent_at IS NOT NULL)
        WHEN 'abandoned' THEN (NEW.abandoned_at IS NOT NULL) - (OLD.abandoned_at IS NOT NULL)
        ELSE (NEW.bounced_at IS NOT NULL) - (OLD.bounced_at IS NOT NULL) END;
END;

-- status's refusals of the last day and failures of the last week: the
-- mails of those outcomes alone, by time, with what status shows of them,
-- so that it reads them without the mails applied or ignored in the window
-- (nor their bytes, which come before outcome and detail in a row).
CREATE INDEX inbound_mails_trouble ON inbound_mails (received_at, outcome, detail)
WHERE outcome IN ('refused', 'rejected', 'failed');
