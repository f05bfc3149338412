-- Version 11: clocks, vacations.
-- The clock of the player to move: when their turn began, when it runs
-- out, the reminders already sent for it (1 at half time, 2 the day
-- before, 3 once it ran out with nothing to do), the time left while a
-- vacation stops it, and when pbem deadlines has something to do next for
-- the game, indexed so that finding what is due reads no other game.
ALTER TABLE games ADD COLUMN turn_started TEXT;
ALTER TABLE games ADD COLUMN deadline TEXT;
ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_left INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN next_due TEXT;
CREATE INDEX games_next_due ON games (next_due) WHERE next_due IS NOT NULL;

-- A player's vacations: one row each, the end moved up by "back".
CREATE TABLE vacations (
	id         INTEGER PRIMARY KEY,
	player_id  INTEGER NOT NULL REFERENCES players (id),
	started_at TEXT NOT NULL,
	ends_at    TEXT NOT NULL
);
CREATE INDEX vacations_player ON vacations (player_id, ends_at);
