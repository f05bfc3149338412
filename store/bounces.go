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

// BounceRecord is a delivery report about outbox mail OutboxID, recorded
// with what it causes in one transaction.
type BounceRecord struct {
	Inbound  Inbound
	GameID   int64 // the game of the mail reported on, 0 for none
	OutboxID int64
	// Failed marks the mail bounced: bounced_at is set and bounce says
	// Reason. A delayed report (false) only writes Reason into bounce,
	// and only while no failure is recorded: bounced_at stays empty.
	Failed bool
	Reason string
	// Notices tell the game's other players, sent only while Limit allows
	// one more (once per game and address): a second bounce tells no one.
	Notices []OutMail
	Limit   Limit
}

// RecordBounce writes a delivery report in one transaction: the inbound
// mail, the outbox row's bounce, and the notices unless Limit holds them
// back (noted in the inbound mail's detail). ErrDuplicate when the report
// was recorded before.
func (s *Store) RecordBounce(ctx context.Context, r BounceRecord) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		in := r.Inbound
		var err error
		if r.Failed {
			_, err = tx.ExecContext(ctx, `UPDATE outbox SET bounced_at = ?, bounce = ? WHERE id = ?`, now, r.Reason, r.OutboxID)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE outbox SET bounce = ? WHERE id = ? AND bounced_at IS NULL`, r.Reason, r.OutboxID)
		}
		if err != nil {
			return fmt.Errorf("record the bounce of outbox mail %d: %w", r.OutboxID, err)
		}
		notices := r.Notices
		if len(notices) > 0 {
			held, err := s.replyHeld(ctx, tx, []Limit{r.Limit})
			if err != nil {
				return err
			}
			if held != "" {
				notices = nil
				in.Detail += "; players not told again (limit " + held + ")"
			}
		}
		cause, err := insertInbound(ctx, tx, in, r.GameID, now)
		if err != nil {
			return err
		}
		return queueMailsFor(ctx, tx, r.GameID, cause, notices, now)
	})
}

// BounceKey is the Limit key of the notices that address bounces in game.
func BounceKey(game int64, address string) string {
	return fmt.Sprintf("bounce:%d:%s", game, address)
}
