-- Version 9: turns and notifications.
-- A move that leaves the turn where it was (a draw offer, its answer, a
-- resignation out of turn) is "aside": it takes no move number of its own,
-- so the number a player writes (#N) counts turns, games.turns of them
-- played so far. Before this version every move took a number; draw and
-- decline are the asides that can be told from their notation.
ALTER TABLE moves ADD COLUMN aside INTEGER NOT NULL DEFAULT 0;
UPDATE moves SET aside = 1 WHERE notation IN ('draw', 'decline');
ALTER TABLE games ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;
UPDATE games SET turns = (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id AND moves.aside = 0);
-- games.notified is the last move whose notifications are queued: a
-- player's move answered at once by a computer seat is told in one mail
-- with the answer, so its notifications wait until a human is to move.
ALTER TABLE games ADD COLUMN notified INTEGER NOT NULL DEFAULT 0;
UPDATE games SET notified = move_number;
