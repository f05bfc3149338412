-- Version 37: seats that outlive a player. A seat of a running game may
-- change hands: a computer takes it when its player leaves (the game's
-- replace option, or the operator), or it waits on offer for another
-- player to take it over. seat_holders keeps each seat's holders over
-- time, so that the history says who played which moves: a row for each
-- holder from the move number they took the seat at (from_move, the
-- moves played before), a person (player_id) or a computer (bot, with its
-- level), or nobody while the seat is on offer (both NULL); why says how
-- they came to it ('start' for the first holder, written with the first
-- change, then 'resigned', 'timeout', 'signoff', 'operator', 'takeover',
-- 'unclaimed'). A seat that never changed hands has no rows: the seats
-- row is its one holder. seats.offered_until is when a seat on offer goes
-- to a computer if no one takes it; NULL for a seat not on offer (a seat
-- on offer keeps a label in bot, as the seats' check asks).
CREATE TABLE seat_holders (
	id        INTEGER PRIMARY KEY,
	game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seat      INTEGER NOT NULL,
	from_move INTEGER NOT NULL,
	player_id INTEGER REFERENCES players (id),
	bot       TEXT,
	bot_level TEXT NOT NULL DEFAULT '',
	why       TEXT NOT NULL,
	at        TEXT NOT NULL
);
CREATE INDEX seat_holders_game ON seat_holders (game_id, seat, id);
ALTER TABLE seats ADD COLUMN offered_until TEXT;
CREATE INDEX seats_offered ON seats (offered_until) WHERE offered_until IS NOT NULL;
