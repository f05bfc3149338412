-- Version 17: every mail's fate findable without opening the database
-- (pbem mail list|show, pbem outbox list|retry, pbem status).
--
-- outbox.inbound_id ties a queued mail to the inbound mail whose handling
-- queued it, in the same transaction (a refusal, a turn mail, an answer):
-- NULL for mails no inbound mail caused (invitations, reminders, the
-- command line's). inbound_mails.sender is the bare From address, so that
-- mail list --from reads an index, not every mail's header; rows from
-- before have ''.
ALTER TABLE outbox ADD COLUMN inbound_id INTEGER REFERENCES inbound_mails (id);
ALTER TABLE inbound_mails ADD COLUMN sender TEXT NOT NULL DEFAULT '';

-- mail show: the answers to one mail.
CREATE INDEX outbox_inbound ON outbox (inbound_id) WHERE inbound_id IS NOT NULL;
-- outbox list --game, and a game's pending mails.
CREATE INDEX outbox_game ON outbox (game_id, id);
-- status: the abandoned mails.
CREATE INDEX outbox_abandoned ON outbox (abandoned_at) WHERE abandoned_at IS NOT NULL;
-- mail list --from, --game, --since, and status's refusals of the last day.
CREATE INDEX inbound_mails_sender ON inbound_mails (sender COLLATE NOCASE, id);
CREATE INDEX inbound_mails_game ON inbound_mails (game_id, id);
CREATE INDEX inbound_mails_received ON inbound_mails (received_at);
