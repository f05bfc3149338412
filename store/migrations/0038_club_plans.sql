-- Version 38: the indexes the clubs' hot paths need (TestHotPlans). A game
-- that ends asks whether a ladder's challenge started it: its challenge by
-- game, never a scan of every challenge ever made.
CREATE INDEX challenges_game ON challenges (game_id) WHERE game_id IS NOT NULL;
