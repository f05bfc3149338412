-- Version 36: ladders. A ladder is a standing order of players for one
-- game type (at most one a type), with the options its games are played
-- at (a clock…), how many rungs up a player may challenge (reach) and how
-- long a challenged player has to accept (answer_seconds). Rung 1 is the
-- top; the rungs of a ladder are 1..n without gaps.
CREATE TABLE ladders (
	id             INTEGER PRIMARY KEY,
	game           TEXT NOT NULL UNIQUE,
	options        TEXT NOT NULL DEFAULT '{}',
	reach          INTEGER NOT NULL,
	answer_seconds INTEGER NOT NULL,
	created_at     TEXT NOT NULL
);

-- A player on a ladder: their rung and their record there (a forfeit
-- counts as a win and a loss).
CREATE TABLE ladder_rungs (
	ladder_id INTEGER NOT NULL REFERENCES ladders (id),
	player_id INTEGER NOT NULL REFERENCES players (id),
	rung      INTEGER NOT NULL,
	joined_at TEXT NOT NULL,
	wins      INTEGER NOT NULL DEFAULT 0,
	losses    INTEGER NOT NULL DEFAULT 0,
	draws     INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (ladder_id, player_id)
);
CREATE INDEX ladder_rungs_player ON ladder_rungs (player_id);

-- A ladder challenge is a challenge (table challenges: its two seats, the
-- defender's waiting for an answer until expires_at, then its game) that
-- moves rungs when it is settled: outcome is NULL while it is open, then
-- won (the challenger won the game), forfeited (the defender declined or
-- let the answer time run out), defended, drawn or withdrawn (nothing
-- moves), written once, in the transaction that moves the rungs.
CREATE TABLE ladder_challenges (
	challenge_id  INTEGER PRIMARY KEY REFERENCES challenges (id),
	ladder_id     INTEGER NOT NULL REFERENCES ladders (id),
	challenger_id INTEGER NOT NULL REFERENCES players (id),
	defender_id   INTEGER NOT NULL REFERENCES players (id),
	outcome       TEXT,
	settled_at    TEXT
);
CREATE INDEX ladder_challenges_open ON ladder_challenges (ladder_id) WHERE outcome IS NULL;
