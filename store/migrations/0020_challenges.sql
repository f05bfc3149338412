-- Version 20: challenges, the games players start by mail before every
-- seat is taken. A challenge waits (pending) until each seat has
-- accepted (an invited player) or been taken (an open seat, join), then
-- starts as game game_id; a decline ends it (declined), so does its
-- expiry (expired) or the operator (cancelled). Seat 0 is its creator's.
CREATE TABLE challenges (
	id          INTEGER PRIMARY KEY,
	game        TEXT NOT NULL,
	options     TEXT NOT NULL DEFAULT '{}',
	seed        INTEGER NOT NULL,
	created_by  INTEGER NOT NULL REFERENCES players (id),
	created_at  TEXT NOT NULL,
	expires_at  TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'pending',
	game_id     INTEGER REFERENCES games (id)
);

-- Expiry reads the pending challenges due, and only those.
CREATE INDEX challenges_due ON challenges (expires_at) WHERE status = 'pending';

-- A seat: invited (address, and player_id when the address is known),
-- open (both NULL until a player joins), accepted or declined.
CREATE TABLE challenge_seats (
	challenge_id INTEGER NOT NULL REFERENCES challenges (id),
	seat         INTEGER NOT NULL,
	player_id    INTEGER REFERENCES players (id),
	address      TEXT,
	accepted_at  TEXT,
	declined_at  TEXT,
	PRIMARY KEY (challenge_id, seat)
);
CREATE INDEX challenge_seats_player ON challenge_seats (player_id);
