-- Version 31: the line a computer seat's move says to explain itself
-- (engine.BotMoveWhy), as the JSON of a lang.Msg, rendered in each
-- reader's language by the mails that tell the move; '' for a player's
-- move, a move without a line, and every move before this version.
ALTER TABLE moves ADD COLUMN why TEXT NOT NULL DEFAULT '';
