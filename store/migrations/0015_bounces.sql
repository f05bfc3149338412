-- Version 15: delivery reports matched to the mail they report on. A
-- bounce (a DSN, RFC 3464, or a returned mail naming one of ours) marks
-- the outbox row it is about: when it came and its reason in words (the
-- DSN's status and diagnostic), for pbem mail list and pbem status, and
-- so that the game's other players are told once.
ALTER TABLE outbox ADD COLUMN bounced_at TEXT;
ALTER TABLE outbox ADD COLUMN bounce TEXT NOT NULL DEFAULT '';
CREATE INDEX outbox_bounced ON outbox (bounced_at) WHERE bounced_at IS NOT NULL;
