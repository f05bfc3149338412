package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

func insertInbound(ctx context.Context, tx *sql.Tx, in Inbound, gameID int64, now string) error {
	var game any
	if gameID != 0 {
		game = gameID
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO inbound_mails (message_id, raw, received_at, outcome, detail, game_id)
		VALUES (?, ?, ?, ?, ?, ?)`, in.MessageID, in.Raw, now, in.Outcome, in.Detail, game)
	if err != nil {
		if seen, _ := inboundSeen(ctx, tx, in.MessageID); seen {
			return fmt.Errorf("mail %s: %w", in.MessageID, ErrDuplicate)
		}
		return fmt.Errorf("record mail %s: %w", in.MessageID, err)
	}
	return nil
}

// ErrDuplicate is returned when a mail with the same Message-ID was already
// recorded: it has taken effect once, and must not again.
var ErrDuplicate = errors.New("this mail was handled already")

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func inboundSeen(ctx context.Context, q querier, messageID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM inbound_mails WHERE message_id = ?`, messageID).Scan(&n)
	return n > 0, err
}

// InboundSeen reports whether a mail with this Message-ID was recorded.
func (s *Store) InboundSeen(ctx context.Context, messageID string) (bool, error) {
	seen, err := inboundSeen(ctx, s.db, messageID)
	if err != nil {
		return false, fmt.Errorf("look up mail %s: %w", messageID, err)
	}
	return seen, nil
}

// Record is a mail that moved no game — refused, ignored, rejected, or
// only asking for the board or saying something — with what it causes.
type Record struct {
	Inbound *Inbound // nil for a command given on the command line
	GameID  int64    // 0 when the mail is about no game
	Mails   []OutMail
	Chat    []ChatLine
	// Limited, when set, is an answer sent at most once in a while: queued
	// only if none with its key went out within its period.
	Limited *LimitedMail
	// Rekey are seats of GameID whose reply token moves to the next
	// generation, from the one given: ErrConflict when a seat is at
	// another, as when two rekeys cross.
	Rekey []Rekey
}

// Rekey is one seat's move to a new reply-token generation.
type Rekey struct {
	Seat, From int
}

// LimitedMail is an answer that may be sent once per Every for its Key:
// the explanation to a stranger, once a day per address ("stranger:" and
// the address), the status for a mail with no command, once an hour per
// seat ("status:GAME:SEAT"). So two servers, or a server and an
// auto-responder, can never loop.
type LimitedMail struct {
	Key   string
	Every time.Duration
	Mail  OutMail
}

// StrangerKey is the LimitedMail key of the explanations to address.
func StrangerKey(address string) string { return "stranger:" + strings.ToLower(address) }

// StatusKey is the LimitedMail key of the status answers to a seat.
func StatusKey(game int64, seat int) string { return fmt.Sprintf("status:%d:%d", game, seat) }

// RecordInbound writes a Record in one transaction; ErrDuplicate when the
// mail was recorded before.
func (s *Store) RecordInbound(ctx context.Context, r Record) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		if r.Inbound != nil {
			if err := insertInbound(ctx, tx, *r.Inbound, r.GameID, now); err != nil {
				return err
			}
		}
		if err := insertChat(ctx, tx, r.GameID, r.Chat, now); err != nil {
			return err
		}
		for _, k := range r.Rekey {
			res, err := tx.ExecContext(ctx, `UPDATE seats SET token_gen = token_gen + 1 WHERE game_id = ? AND seat = ? AND token_gen = ?`, r.GameID, k.Seat, k.From)
			if err != nil {
				return fmt.Errorf("rekey seat %d of game %d: %w", k.Seat, r.GameID, err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return fmt.Errorf("rekey seat %d of game %d: %w", k.Seat, r.GameID, ErrConflict)
			}
		}
		mails := r.Mails
		if r.Limited != nil {
			due, err := s.replyDue(ctx, tx, r.Limited.Key, r.Limited.Every)
			if err != nil {
				return err
			}
			if due {
				mails = append(mails, r.Limited.Mail)
			}
		}
		return queueMails(ctx, tx, r.GameID, mails, now)
	})
}

// ChatLine is something a player said to the others with "say".
type ChatLine struct {
	Seat int
	Text string
}

func insertChat(ctx context.Context, tx *sql.Tx, gameID int64, lines []ChatLine, now string) error {
	for _, l := range lines {
		if _, err := tx.ExecContext(ctx, `INSERT INTO chat (game_id, seat, text, created_at) VALUES (?, ?, ?, ?)`, gameID, l.Seat, l.Text, now); err != nil {
			return fmt.Errorf("chat of game %d: %w", gameID, err)
		}
	}
	return nil
}

// Chat lists what the players of a game said, in order.
func (s *Store) Chat(ctx context.Context, gameID int64) ([]ChatLine, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seat, text FROM chat WHERE game_id = ? ORDER BY id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("chat of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var l ChatLine
		if err := rows.Scan(&l.Seat, &l.Text); err != nil {
			return nil, fmt.Errorf("chat of game %d: %w", gameID, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// InboundOutcome is how a recorded mail was handled.
func (s *Store) InboundOutcome(ctx context.Context, messageID string) (outcome, detail string, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT outcome, detail FROM inbound_mails WHERE message_id = ?`, messageID).Scan(&outcome, &detail)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("mail %s: %w", messageID, ErrNotFound)
	}
	if err != nil {
		return "", "", fmt.Errorf("mail %s: %w", messageID, err)
	}
	return outcome, detail, nil
}

// MailboxState is the IMAP progress kept for a mailbox: its UIDVALIDITY and
// the last UID handled; ok is false for a mailbox never read.
func (s *Store) MailboxState(ctx context.Context, mailbox string) (uidValidity, lastUID uint32, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT uidvalidity, last_uid FROM mailbox_state WHERE mailbox = ?`, mailbox).Scan(&uidValidity, &lastUID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("mailbox %s state: %w", mailbox, err)
	}
	return uidValidity, lastUID, true, nil
}

// SetMailboxState stores the IMAP progress of a mailbox.
func (s *Store) SetMailboxState(ctx context.Context, mailbox string, uidValidity, lastUID uint32) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO mailbox_state (mailbox, uidvalidity, last_uid) VALUES (?, ?, ?)
		ON CONFLICT (mailbox) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid`, mailbox, uidValidity, lastUID)
	if err != nil {
		return fmt.Errorf("mailbox %s state: %w", mailbox, err)
	}
	return nil
}

// replyDue reports, inside tx, whether the answer with key may be sent now
// (none within every), and if so records it: in the same transaction as
// the mail that causes it.
func (s *Store) replyDue(ctx context.Context, tx *sql.Tx, key string, every time.Duration) (bool, error) {
	now := s.now().UTC()
	var last string
	err := tx.QueryRowContext(ctx, `SELECT sent_at FROM reply_limits WHERE key = ?`, key).Scan(&last)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return false, fmt.Errorf("reply limit %s: %w", key, err)
	case now.Sub(parseTime(last)) < every:
		return false, nil
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO reply_limits (key, sent_at) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET sent_at = excluded.sent_at`, key, now.Format(timeFormat))
	if err != nil {
		return false, fmt.Errorf("reply limit %s: %w", key, err)
	}
	return true, nil
}
