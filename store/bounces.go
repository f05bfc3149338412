package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ReportedMail is a mail of the outbox as a delivery report about it
// finds it: the game and the address it went to, and what was recorded of
// its delivery.
type ReportedMail struct {
	ID        int64
	GameID    int64 // 0 for a mail about no game
	MessageID string
	Recipient string
	Bounced   bool   // bounced_at is set: a failure was recorded
	Bounce    string // the last report's reason, a delay's included
}

// FindReported finds the outbox mail the first of ids (Message-IDs,
// without <>) names, in their order: a delivery report lists them best
// first. ErrNotFound when none is one of the server's mails.
func (s *Store) FindReported(ctx context.Context, ids ...string) (ReportedMail, error) {
	for _, id := range ids {
		var m ReportedMail
		err := s.db.QueryRowContext(ctx, `SELECT id, COALESCE(game_id, 0), message_id, recipient, bounced_at IS NOT NULL, bounce
			FROM outbox WHERE message_id = ?`, id).Scan(&m.ID, &m.GameID, &m.MessageID, &m.Recipient, &m.Bounced, &m.Bounce)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return ReportedMail{}, fmt.Errorf("outbox mail %s: %w", id, err)
		}
		return m, nil
	}
	return ReportedMail{}, fmt.Errorf("outbox mail of a delivery report: %w", ErrNotFound)
}

// BounceRecord is a delivery report about outbox mail OutboxID, or the
// relay's refusal of it at SMTP time (Refused), recorded with what it
// causes in one transaction: the same event, told the same way.
type BounceRecord struct {
	// Inbound is the report, recorded as an inbound mail; nil for a
	// refusal at SMTP time, which no mail reported.
	Inbound  *Inbound
	GameID   int64 // the game of the mail reported on, 0 for none
	OutboxID int64
	// Failed marks the mail bounced: bounced_at is set and bounce says
	// Reason. A delayed report (false) only writes Reason into bounce,
	// and only while no failure is recorded: bounced_at stays empty.
	Failed bool
	Reason string
	// Refused, when not "", is the relay's reply refusing the mail for
	// good before it was sent: the mail is abandoned (one more attempt,
	// abandoned_at, last_error Refused) as MarkAbandoned does, rather than
	// marked bounced, for it never left.
	Refused string
	// Notices tell the game's other players, sent only while Limit allows
	// one more (once per game and address): a second bounce tells no one.
	Notices []OutMail
	Limit   Limit
	// Clock, when not nil, stops the clock the mail was to start: written
	// only if the game is still as it was read (ChangeClock), and the
	// Notices, which tell of the stop, then go whatever Limit says, Limit
	// counting them.
	Clock *ClockChange
}

// RecordBounce writes a delivery report, or a refusal at SMTP time, in one
// transaction: the inbound mail when there is one, the outbox row's bounce
// (or its abandonment), and the notices unless Limit holds them back
// (noted in the inbound mail's detail). ErrDuplicate when the report was
// recorded before.
func (s *Store) RecordBounce(ctx context.Context, r BounceRecord) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		var err error
		switch {
		case r.Refused != "":
			_, err = tx.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, abandoned_at = ?, last_error = ? WHERE id = ?`, now, r.Refused, r.OutboxID)
		case r.Failed:
			_, err = tx.ExecContext(ctx, `UPDATE outbox SET bounced_at = ?, bounce = ? WHERE id = ?`, now, r.Reason, r.OutboxID)
		default:
			_, err = tx.ExecContext(ctx, `UPDATE outbox SET bounce = ? WHERE id = ? AND bounced_at IS NULL`, r.Reason, r.OutboxID)
		}
		if err != nil {
			return fmt.Errorf("record the bounce of outbox mail %d: %w", r.OutboxID, err)
		}
		if r.Clock != nil {
			if err := changeClock(ctx, tx, *r.Clock, now); err != nil {
				return err
			}
		}
		notices, held := r.Notices, ""
		if len(notices) > 0 {
			if held, err = s.replyHeld(ctx, tx, []Limit{r.Limit}); err != nil {
				return err
			}
			switch {
			case held != "" && r.Clock != nil:
				held = "" // a stopped clock is news: told however often the address bounced
			case held != "":
				notices = nil
			}
		}
		var cause int64
		if r.Inbound != nil {
			in := *r.Inbound
			if held != "" {
				in.Detail += "; players not told again (limit " + held + ")"
			}
			if cause, err = insertInbound(ctx, tx, in, r.GameID, now); err != nil {
				return err
			}
		}
		return queueMailsFor(ctx, tx, r.GameID, cause, notices, now)
	})
}

// BounceKey is the Limit key of the notices that address bounces in game.
func BounceKey(game int64, address string) string {
	return fmt.Sprintf("bounce:%d:%s", game, address)
}
