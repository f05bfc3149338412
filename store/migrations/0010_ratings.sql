-- Version 10: ratings.
-- One Elo rating per player and game type, changed in the transaction of
-- the move that finishes a rated game (see store/ratings.go): the row is
-- written with the move, so a game is never counted twice. A player gets a
-- row with their first rated game; before it they stand at the start
-- rating.
CREATE TABLE ratings (
    game       TEXT NOT NULL,                  -- the engine's game ID
    player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    rating     REAL NOT NULL,                  -- kept unrounded; shown rounded
    games      INTEGER NOT NULL DEFAULT 0,     -- rated games finished
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (game, player_id)
);
