-- Version 27: indexes for the queries the daemon runs per mail and per
-- tick, so that each reads the rows it needs and sorts nothing, whatever
-- the number of games (store/plans_test.go holds their plans to it, on a
-- database shaped like production's, with statistics and without).
--
-- A player's games in the order of their IDs: the digest's, the lobby's
-- and a vacation's list of a player's active games reads them without a
-- sort (seats_player was on player_id alone).
DROP INDEX seats_player;
CREATE INDEX seats_player ON seats (player_id, game_id);

-- The lobby's limits: the games and challenges a player started lately,
-- and those still running, without reading every challenge.
CREATE INDEX challenges_created_by ON challenges (created_by, created_at);

-- The pending challenges in their order (a player's, the open ones): the
-- lobby's lists read only these, the way challenges_due reads them by
-- expiry.
CREATE INDEX challenges_pending ON challenges (id) WHERE status = 'pending';

-- challenge NAME: the registered players of that name, compared without
-- case, without reading every player.
CREATE INDEX players_name ON players (name COLLATE NOCASE);
