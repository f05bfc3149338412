package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// OutboxRow is a queued mail as the reports show it.
type OutboxRow struct {
	ID          int64
	GameID      int64 // 0 for a mail about no game
	InboundID   int64 // the inbound mail whose handling queued it; 0 for none
	MessageID   string
	Recipient   string
	CreatedAt   time.Time
	Attempts    int
	NextAttempt time.Time
	SentAt      time.Time // zero until the relay accepted it
	AbandonedAt time.Time // zero unless refused for good
	LastError   string
	BouncedAt   time.Time // zero unless a delivery report came back for it
	Bounce      string    // the report's reason, in words
	Head        []byte    // the first HeadBytes of the mail, for its subject
}

// States of a queued mail, as the reports name them.
const (
	MailPending   = "pending"   // not sent yet; tried again at NextAttempt
	MailSent      = "sent"      // accepted by the relay
	MailAbandoned = "abandoned" // refused for good: no more attempts
	MailBounced   = "bounced"   // sent, then reported undeliverable
)

// State is where r stands: MailPending, MailSent, MailAbandoned or
// MailBounced.
func (r OutboxRow) State() string {
	switch {
	case !r.BouncedAt.IsZero():
		return MailBounced
	case !r.SentAt.IsZero():
		return MailSent
	case !r.AbandonedAt.IsZero():
		return MailAbandoned
	}
	return MailPending
}

var outboxColumns = `id, COALESCE(game_id, 0), COALESCE(inbound_id, 0), message_id, recipient, created_at, attempts,
	next_attempt_at, sent_at, abandoned_at, last_error, bounced_at, bounce, substr(raw, 1, ` + fmt.Sprint(HeadBytes) + `)`

func scanOutbox(sc interface{ Scan(...any) error }) (OutboxRow, error) {
	var r OutboxRow
	var created, next string
	var sent, abandoned, bounced sql.NullString
	err := sc.Scan(&r.ID, &r.GameID, &r.InboundID, &r.MessageID, &r.Recipient, &created, &r.Attempts,
		&next, &sent, &abandoned, &r.LastError, &bounced, &r.Bounce, &r.Head)
	if err != nil {
		return OutboxRow{}, err
	}
	r.CreatedAt, r.NextAttempt = parseTime(created), parseTime(next)
	r.SentAt, r.AbandonedAt, r.BouncedAt = nullTime(sent), nullTime(abandoned), nullTime(bounced)
	return r, nil
}

// OutboxFilter selects queued mails; its zero value selects all.
type OutboxFilter struct {
	Pending   bool  // only the mails not sent and not abandoned
	GameID    int64 // only mails about this game
	InboundID int64 // only the mails this inbound mail caused
	Limit     int   // at most this many, newest first; 0: no limit
}

// OutboxMails lists the queued mails f selects, newest first.
func (s *Store) OutboxMails(ctx context.Context, f OutboxFilter) ([]OutboxRow, error) {
	var where []string
	var args []any
	if f.Pending {
		where = append(where, "sent_at IS NULL AND abandoned_at IS NULL")
	}
	if f.GameID != 0 {
		where, args = append(where, "game_id = ?"), append(args, f.GameID)
	}
	if f.InboundID != 0 {
		where, args = append(where, "inbound_id = ?"), append(args, f.InboundID)
	}
	q, args := newestFirst(`SELECT `+outboxColumns+` FROM outbox`, where, args, f.Limit)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list the outbox: %w", err)
	}
	defer rows.Close()
	var out []OutboxRow
	for rows.Next() {
		r, err := scanOutbox(rows)
		if err != nil {
			return nil, fmt.Errorf("list the outbox: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// OutboxSummary is the outbox at a glance, for pbem status.
type OutboxSummary struct {
	Waiting    int        // mails not sent yet, still tried
	Oldest     *OutboxRow // the oldest of them; nil when none waits
	Sent       int        // mails the relay accepted, kept for server.outbox_keep
	Abandoned  int        // mails refused for good
	Bounced    int        // mails reported undeliverable after they left
	LastBounce *OutboxRow // the latest bounce; nil when none
}

// SummarizeOutbox reads the outbox's figures from the counts the
// triggers of migration 28 keep, and its oldest waiting mail and latest
// bounce each from the first row of its partial index.
func (s *Store) SummarizeOutbox(ctx context.Context) (OutboxSummary, error) {
	var o OutboxSummary
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT n FROM outbox_counts WHERE state = 'pending'),
		(SELECT n FROM outbox_counts WHERE state = 'sent'),
		(SELECT n FROM outbox_counts WHERE state = 'abandoned'),
		(SELECT n FROM outbox_counts WHERE state = 'bounced')`).Scan(&o.Waiting, &o.Sent, &o.Abandoned, &o.Bounced)
	if err != nil {
		return OutboxSummary{}, fmt.Errorf("summarize the outbox: %w", err)
	}
	for _, q := range []struct {
		into **OutboxRow
		sql  string
	}{
		{&o.Oldest, `SELECT ` + outboxColumns + ` FROM outbox INDEXED BY outbox_due WHERE sent_at IS NULL AND abandoned_at IS NULL ORDER BY id LIMIT 1`},
		{&o.LastBounce, `SELECT ` + outboxColumns + ` FROM outbox WHERE bounced_at IS NOT NULL ORDER BY bounced_at DESC LIMIT 1`},
	} {
		r, err := scanOutbox(s.db.QueryRowContext(ctx, q.sql))
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return OutboxSummary{}, fmt.Errorf("summarize the outbox: %w", err)
		default:
			*q.into = &r
		}
	}
	return o, nil
}

// ErrSent is returned by RetryMail for a mail the relay accepted already:
// sending it again would give its recipient a second copy.
var ErrSent = errors.New("the mail was sent already")

// RetryMail makes mail id, pending or abandoned, due now again: an
// abandoned mail is tried again, its attempts kept, and a clock its
// refusal stopped waits for it again (rewaitTurnMail). It returns the row
// as it was before; ErrSent for a sent mail, ErrNotFound for none.
func (s *Store) RetryMail(ctx context.Context, id int64) (OutboxRow, error) {
	var before OutboxRow
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		r, err := scanOutbox(tx.QueryRowContext(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		before = r
		if !r.SentAt.IsZero() {
			return ErrSent
		}
		if _, err = tx.ExecContext(ctx, `UPDATE outbox SET abandoned_at = NULL, next_attempt_at = ? WHERE id = ?`, s.stamp(), id); err != nil {
			return err
		}
		return rewaitTurnMail(ctx, tx, id)
	})
	if err != nil {
		return before, fmt.Errorf("retry mail %d: %w", id, err)
	}
	return before, nil
}
