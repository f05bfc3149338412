-- Version 22: each player's language.
--
-- A player's mails are written in their language: '' until they choose
-- one (lang fr by mail, pbem player lang), which is the server's default
-- (server.lang). It is loaded with the seats, as the mail preference is,
-- so that composing a move's mails costs no query more.
ALTER TABLE players ADD COLUMN lang TEXT NOT NULL DEFAULT '';
