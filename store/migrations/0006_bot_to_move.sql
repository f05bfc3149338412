-- Version 6: whether a computer seat is to move, kept with every commit,
-- so that a game stopped by a crash between a player's move and the
-- computer's answer is found and resumed without decoding every game.
-- Games before this version count as not waiting until their next move.
ALTER TABLE games ADD COLUMN bot_to_move INTEGER NOT NULL DEFAULT 0;

CREATE INDEX games_bot_to_move ON games (id) WHERE bot_to_move = 1 AND status = 'active';
