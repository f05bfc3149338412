package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Outgoing is a queued mail as the sender sees it.
type Outgoing struct {
	ID        int64
	GameID    int64 // 0 for a mail about no game
	MessageID string
	Recipient string
	Raw       []byte
	Attempts  int
	Queued    time.Time // when it was queued: the sender gives up on a passing failure that lasts (mailer.Sender.GiveUp)
}

func queueMails(ctx context.Context, tx *sql.Tx, gameID int64, mails []OutMail, now string) error {
	return queueMailsFor(ctx, tx, gameID, 0, mails, now)
}

// queueMailsFor queues mails within tx, tied to the inbound mail cause
// whose handling queued them (0 for none), for pbem mail show. A mail to
// a silenced address is not queued, nor one the limits of ctx hold back
// (WithMailLimits).
func queueMailsFor(ctx context.Context, tx *sql.Tx, gameID, cause int64, mails []OutMail, now string) error {
	return queueMailsOver(ctx, tx, gameID, cause, mails, now, false)
}

// queueMailsOver is queueMailsFor, the silence of the recipients ignored
// when overSilence is set.
func queueMailsOver(ctx context.Context, tx *sql.Tx, gameID, cause int64, mails []OutMail, now string, overSilence bool) error {
	var game, inbound any
	if gameID != 0 {
		game = gameID
	}
	if cause != 0 {
		inbound = cause
	}
	for _, m := range mails {
		if held, err := heldByLimits(ctx, tx, gameID, cause, m, now); err != nil || held {
			if err != nil {
				return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
			}
			continue
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO outbox (game_id, message_id, recipient, base, raw, created_at, next_attempt_at, inbound_id)
			SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM silenced WHERE address IN (?, ?) AND NOT ?)`,
			game, m.MessageID, m.Recipient, m.Base, m.Raw, now, now, inbound, m.Recipient, m.Base, overSilence)
		if err != nil {
			return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
		}
		if len(m.Pictures) == 0 && !m.Starts {
			continue
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
		}
		if n == 0 {
			continue // not queued: no picture to keep for it, no clock to wait for it
		}
		if m.Starts {
			if err := linkClock(ctx, tx, gameID, m.MessageID); err != nil {
				return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
			}
		}
		if len(m.Pictures) == 0 {
			continue
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
		}
		if err := keepPictures(ctx, tx, id, m.Pictures); err != nil {
			return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
		}
	}
	return nil
}

// QueueMails queues mails that no move causes (invitations, replies to a
// refused command) in one transaction.
func (s *Store) QueueMails(ctx context.Context, gameID int64, mails []OutMail) error {
	return s.inTx(ctx, func(tx *sql.Tx) error { return queueMails(ctx, tx, gameID, mails, s.stamp()) })
}

// dueMailsQuery reads the outbox_due index alone, in its order: the mails
// due longest ago first, those due at the same instant in the order they
// were queued. Its cost is the mails due, not the mails ever sent.
const dueMailsQuery = `SELECT id, COALESCE(game_id, 0), message_id, recipient, raw, attempts, created_at FROM outbox
	WHERE sent_at IS NULL AND abandoned_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`

// DueMails lists up to limit unsent mails whose next attempt is due at now,
// the longest due first.
func (s *Store) DueMails(ctx context.Context, now time.Time, limit int) ([]Outgoing, error) {
	rows, err := s.db.QueryContext(ctx, dueMailsQuery, now.UTC().Format(timeFormat), limit)
	if err != nil {
		return nil, fmt.Errorf("due mails: %w", err)
	}
	defer rows.Close()
	var out []Outgoing
	for rows.Next() {
		var m Outgoing
		var queued string
		if err := rows.Scan(&m.ID, &m.GameID, &m.MessageID, &m.Recipient, &m.Raw, &m.Attempts, &queued); err != nil {
			return nil, fmt.Errorf("due mails: %w", err)
		}
		m.Queued = parseTime(queued)
		out = append(out, m)
	}
	return out, rows.Err()
}

// NextDue is when the earliest unsent mail is due; ok is false when none
// waits.
func (s *Store) NextDue(ctx context.Context) (at time.Time, ok bool, err error) {
	var v sql.NullString
	if err := s.db.QueryRowContext(ctx, `SELECT MIN(next_attempt_at) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL`).Scan(&v); err != nil {
		return time.Time{}, false, fmt.Errorf("next due mail: %w", err)
	}
	if !v.Valid {
		return time.Time{}, false, nil
	}
	return parseTime(v.String), true, nil
}

// MarkSent records, all at once, that mails were handed to the SMTP
// server: in the writer's next transaction, with the moves being
// committed (inGroup). A clock waiting for one of them is made due then
// (acceptedTurnMails).
func (s *Store) MarkSent(ctx context.Context, ids ...int64) error {
	err := s.inGroup(ctx, func(ctx context.Context, tx *sql.Tx) error {
		now := s.stamp()
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`, now, id); err != nil {
				return err
			}
		}
		return acceptedTurnMails(ctx, tx, ids, now)
	})
	if err != nil {
		return fmt.Errorf("mark %d mails sent: %w", len(ids), err)
	}
	return nil
}

// MarkFailed records a failed attempt to send mail id and when to try again.
func (s *Store) MarkFailed(ctx context.Context, id int64, next time.Time, why string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?`,
		next.UTC().Format(timeFormat), why, id)
	if err != nil {
		return fmt.Errorf("mark mail %d failed: %w", id, err)
	}
	return nil
}

// MarkAbandoned records a last failed attempt at mail id, refused for good:
// it is not tried again, and stays in the outbox with its error for the
// operator.
func (s *Store) MarkAbandoned(ctx context.Context, id int64, why string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, abandoned_at = ?, last_error = ? WHERE id = ?`, s.stamp(), why, id)
	if err != nil {
		return fmt.Errorf("mark mail %d abandoned: %w", id, err)
	}
	return nil
}

// PendingMails lists a game's mails not sent yet, oldest first.
func (s *Store) PendingMails(ctx context.Context, gameID int64) ([]OutMail, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT message_id, recipient, raw FROM outbox
		WHERE game_id = ? AND sent_at IS NULL ORDER BY id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("outbox of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []OutMail
	for rows.Next() {
		var m OutMail
		if err := rows.Scan(&m.MessageID, &m.Recipient, &m.Raw); err != nil {
			return nil, fmt.Errorf("outbox of game %d: %w", gameID, err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// SentMail is the raw bytes of the mail, among those still kept in the
// outbox, whose Message-ID is the first of ids that names one (ids in the
// order the caller prefers them); ok is false when none is kept. It reads
// the outbox's unique index on message_id.
func (s *Store) SentMail(ctx context.Context, ids []string) (raw []byte, ok bool, err error) {
	if len(ids) == 0 {
		return nil, false, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, `SELECT message_id, raw FROM outbox WHERE message_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, args...)
	if err != nil {
		return nil, false, fmt.Errorf("sent mail: %w", err)
	}
	defer rows.Close()
	found := map[string][]byte{}
	for rows.Next() {
		var id string
		var b []byte
		if err := rows.Scan(&id, &b); err != nil {
			return nil, false, fmt.Errorf("sent mail: %w", err)
		}
		found[id] = b
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("sent mail: %w", err)
	}
	for _, id := range ids {
		if b, ok := found[id]; ok {
			return b, true, nil
		}
	}
	return nil, false, nil
}
