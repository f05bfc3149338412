-- Version 33: offers to take back a turn (undo by consent), at most one a
-- game. An offer stands while the game is at the move number it was made
-- at (move_number): any move since drops it without a write. turn is the
-- turn it takes back, with every move after it; seat the seat that asked;
-- agreed the seats that agreed, the asker's included, as a JSON array.
-- The undo itself, once every other player agreed, is a move of the
-- history (its notation "undo TURN"), never a row here.
CREATE TABLE undo_offers (
	game_id     INTEGER PRIMARY KEY REFERENCES games (id),
	move_number INTEGER NOT NULL,
	turn        INTEGER NOT NULL,
	seat        INTEGER NOT NULL,
	agreed      TEXT NOT NULL DEFAULT '[]',
	created_at  TEXT NOT NULL
);
