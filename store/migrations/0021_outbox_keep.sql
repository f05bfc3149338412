-- Version 21: an outbox that is emptied, and game lists on indexes.
--
-- serve deletes the mails sent (or abandoned) longer ago than
-- server.outbox_keep, oldest first, a few hundred at a time: these two
-- indexes find them without reading the mails still kept. The moves and
-- inbound_mails are the archive and are never deleted.
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
-- (outbox_abandoned, on abandoned_at, came with version 17.)

-- game list --status and --game: the most recent page of one status or
-- one game type, newest first, without reading every game.
CREATE INDEX games_status ON games (status, id);
CREATE INDEX games_type ON games (game, id);
