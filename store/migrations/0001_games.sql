-- Version 1: games, who plays them, and every move.

CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    email      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);

-- Other addresses a player sends from; they count as the player's own.
CREATE TABLE player_aliases (
    address   TEXT PRIMARY KEY COLLATE NOCASE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE
);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    game        TEXT NOT NULL,                 -- the engine's game ID
    options     TEXT NOT NULL DEFAULT '{}',    -- JSON object of the options given
    seed        INTEGER NOT NULL,              -- all the game's chance comes from it
    status      TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'finished', 'aborted')),
    secret      BLOB NOT NULL,                 -- key of the players' reply tokens
    state       BLOB NOT NULL,                 -- the engine's state after the last move
    move_number INTEGER NOT NULL DEFAULT 0,    -- moves played so far
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,                -- 0-based seating order
    player_id INTEGER REFERENCES players (id),
    bot       TEXT,                            -- the label of a computer seat
    PRIMARY KEY (game_id, seat),
    CHECK ((player_id IS NULL) <> (bot IS NULL))
);

CREATE INDEX seats_player ON seats (player_id);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,               -- 1 for the first move
    seat       INTEGER NOT NULL,
    text       TEXT NOT NULL,                  -- as the player sent it
    notation   TEXT NOT NULL,                  -- canonical: replaying it rebuilds the state
    score      INTEGER NOT NULL DEFAULT 0,
    events     TEXT NOT NULL DEFAULT '[]',     -- JSON array of sentences
    state      BLOB NOT NULL,                  -- the engine's state after the move
    created_at TEXT NOT NULL,
    message_id TEXT NOT NULL DEFAULT '',       -- the mail that carried it, if any
    PRIMARY KEY (game_id, number)
);
