-- Version 12: watchers and silenced addresses.
-- A game's watchers get each move's board, without any rack.
CREATE TABLE watchers (
	game_id  INTEGER NOT NULL REFERENCES games (id),
	address  TEXT NOT NULL,
	added_at TEXT NOT NULL,
	PRIMARY KEY (game_id, address)
);
CREATE INDEX watchers_address ON watchers (address);

-- Addresses that said stop: no mail of this server goes to them, every
-- mail queued for one is dropped. outbox.base is the recipient's address
-- without its +tag, which the check uses too.
CREATE TABLE silenced (
	address TEXT PRIMARY KEY,
	since   TEXT NOT NULL
);
ALTER TABLE outbox ADD COLUMN base TEXT NOT NULL DEFAULT '';

-- The installation's own secrets, such as the key that signs unsubscribe
-- links, made once and shared by every process.
CREATE TABLE server_keys (
	name  TEXT PRIMARY KEY,
	value BLOB NOT NULL
);
