-- Version 26: players found by what their name looks like.
--
-- name_key is the key of a player's name (the server's NameKey: its
-- skeleton, case folded, accents and invisible characters gone,
-- lookalikes mapped), so that a name another player's passes for ("Аnn"
-- with a Cyrillic А for Ann) is refused. SQL cannot compute it: it is NULL
-- until the store computes it in Go (PlayerNamedLike), for the rows of
-- before this version and for every name changed since, which the trigger
-- sends back to NULL whatever statement changed it.
--
-- name_keying holds the version of NameKey the keys were computed by (one
-- row at most): when the binary's differs, every key is computed again.
ALTER TABLE players ADD COLUMN name_key TEXT;
CREATE INDEX players_name_key ON players (name_key);

CREATE TRIGGER players_name_rekey AFTER UPDATE OF name ON players
WHEN NEW.name IS NOT OLD.name
BEGIN
    UPDATE players SET name_key = NULL WHERE id = NEW.id;
END;

CREATE TABLE name_keying (
    version TEXT NOT NULL
);
