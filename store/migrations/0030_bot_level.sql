-- Version 30: the level a computer seat plays at (engine.Level): '' for
-- normal, the default and what every seat before this version played,
-- 'easy' or 'strong'.
ALTER TABLE seats ADD COLUMN bot_level TEXT NOT NULL DEFAULT '';
