-- Version 23: whether a player's mails show the board as a picture.
--
-- 1 (the default) puts a picture of the board in the HTML part of every
-- mail that shows one; 0 (pictures off, by mail or pbem player pictures)
-- leaves the ASCII board alone, for a player whose mail client shows
-- pictures badly or who reads text. Loaded with the seats, as the mail
-- preference is.
ALTER TABLE players ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1;
