-- Version 35: tournaments. A tournament plays games of one type (game,
-- with options, each game seats players) in rounds the server pairs: a
-- round-robin, a Swiss of rounds rounds, a knockout. It signs up entrants
-- (status signup) until closes_at passes or max_entrants have joined, runs
-- (round is the round paired last, 0 before the first), and ends finished
-- or cancelled. created_by is the player who made it by mail, NULL for
-- the operator's.
CREATE TABLE tournaments (
	id           INTEGER PRIMARY KEY,
	game         TEXT NOT NULL,
	format       TEXT NOT NULL,
	rounds       INTEGER NOT NULL DEFAULT 0,
	seats        INTEGER NOT NULL DEFAULT 2,
	options      TEXT NOT NULL DEFAULT '{}',
	status       TEXT NOT NULL DEFAULT 'signup',
	closes_at    TEXT,
	max_entrants INTEGER NOT NULL DEFAULT 0,
	created_by   INTEGER REFERENCES players (id),
	created_at   TEXT NOT NULL,
	round        INTEGER NOT NULL DEFAULT 0
);
-- The Deadlines pass reads the tournaments signing up or running; the
-- lobby counts a player's own.
CREATE INDEX tournaments_status ON tournaments (status, closes_at);
CREATE INDEX tournaments_creator ON tournaments (created_by, status) WHERE created_by IS NOT NULL;

-- An entrant is a person (player_id) or a computer seat (bot, its label,
-- playing at bot_level, '' for normal). An invited person has joined_at
-- NULL until they join; only those who joined play. seed is their rank
-- when the tournament started (1 the strongest), withdrawn the last round
-- paired before they withdrew (0 while they play).
CREATE TABLE tournament_entrants (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	player_id     INTEGER REFERENCES players (id),
	bot           TEXT,
	bot_level     TEXT NOT NULL DEFAULT '',
	seed          INTEGER NOT NULL DEFAULT 0,
	withdrawn     INTEGER NOT NULL DEFAULT 0,
	joined_at     TEXT
);
CREATE UNIQUE INDEX tournament_entrants_player ON tournament_entrants (tournament_id, player_id) WHERE player_id IS NOT NULL;
CREATE INDEX tournament_entrants_of_player ON tournament_entrants (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX tournament_entrants_of ON tournament_entrants (tournament_id);

-- A table of a round: its entrants in seat order (seats, a JSON array of
-- entrant IDs; one alone is a bye), the game it plays (game_id, NULL for
-- a bye and until the game is created, in the game's own transaction) and
-- its result (points, a JSON array per seat, NULL until recorded).
CREATE TABLE tournament_games (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	round         INTEGER NOT NULL,
	tab           INTEGER NOT NULL,
	seats         TEXT NOT NULL,
	game_id       INTEGER UNIQUE REFERENCES games (id),
	points        TEXT,
	UNIQUE (tournament_id, round, tab)
);
CREATE INDEX tournament_games_open ON tournament_games (tournament_id) WHERE points IS NULL;
