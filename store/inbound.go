package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// insertInbound records in within tx and returns its row's ID, which the
// mails its handling queues carry (queueMailsFor).
func insertInbound(ctx context.Context, tx *sql.Tx, in Inbound, gameID int64, now string) (int64, error) {
	var game any
	if gameID != 0 {
		game = gameID
	}
	if err := useConfirmation(ctx, tx, in.Confirms, now); err != nil {
		return 0, fmt.Errorf("record mail %s: %w", in.Key, err)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO inbound_mails (mail_key, message_id, raw, received_at, outcome, detail, game_id, sender)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, in.Key, in.MessageID, in.Raw, now, in.Outcome, in.Detail, game, in.From)
	if err != nil {
		if seen, _ := inboundSeen(ctx, tx, in.Key); seen {
			return 0, fmt.Errorf("mail %s: %w", in.Key, ErrDuplicate)
		}
		return 0, fmt.Errorf("record mail %s: %w", in.Key, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM inbound_tries WHERE mail_key = ?`, in.Key); err != nil {
		return 0, fmt.Errorf("record mail %s: %w", in.Key, err)
	}
	note(ctx, in, gameID)
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("record mail %s: %w", in.Key, err)
	}
	return id, nil
}

// ErrDuplicate is returned when a mail with the same key was already
// recorded: it has taken effect once, and must not again.
var ErrDuplicate = errors.New("this mail was handled already")

// querier is what reads: the database, or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func inboundSeen(ctx context.Context, q querier, keys ...string) (bool, error) {
	for _, key := range keys {
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM inbound_mails WHERE mail_key = ?`, key).Scan(&n); err != nil || n > 0 {
			return n > 0, err
		}
	}
	return false, nil
}

// InboundSeen reports whether a mail recorded under one of keys exists
// (the server passes the key it makes, then the bare Message-ID that keyed
// the mails of databases before version 5).
func (s *Store) InboundSeen(ctx context.Context, keys ...string) (bool, error) {
	seen, err := inboundSeen(ctx, s.db, keys...)
	if err != nil {
		return false, fmt.Errorf("look up mail %s: %w", keys[0], err)
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
	// another, as when two rekeys cross. Each seat's player's own token
	// generation (Player.TokenGen) moves on with it.
	Rekey []Rekey
	// Undo, when set, changes GameID's offer to take back a turn.
	Undo *UndoChange
}

// Rekey is one seat's move to a new reply-token generation.
type Rekey struct {
	Seat, From int
}

// LimitedMail is an answer sent only while each of its Limits allows one
// more: the explanations to strangers, refusals, the status answers. So
// two servers, or a server and an auto-responder, can never loop, and a
// forger cannot make the server a source of backscatter. An answer held
// back is noted in the inbound mail's detail.
type LimitedMail struct {
	Mail   OutMail
	Limits []Limit
}

// Limit allows at most Max answers (1 when 0) with Key within Every,
// counted from the first of them.
type Limit struct {
	Key   string
	Every time.Duration
	Max   int
}

// StrangerKey is the Limit key of the explanations to address.
func StrangerKey(address string) string { return "stranger:" + strings.ToLower(address) }

// StatusKey is the Limit key of the status answers to a seat.
func StatusKey(game int64, seat int) string { return fmt.Sprintf("status:%d:%d", game, seat) }

// RecordInbound writes a Record in one transaction; ErrDuplicate when the
// mail was recorded before.
func (s *Store) RecordInbound(ctx context.Context, r Record) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		var cause int64
		if r.Inbound != nil {
			var err error
			if cause, err = insertInbound(ctx, tx, *r.Inbound, r.GameID, now); err != nil {
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
			// The player's own tokens (digests, the lobby's) go with it: a
			// leaked address of any kind is revoked by one rekey.
			if _, err := tx.ExecContext(ctx, `UPDATE players SET token_gen = token_gen + 1
				WHERE id = (SELECT player_id FROM seats WHERE game_id = ? AND seat = ?)`, r.GameID, k.Seat); err != nil {
				return fmt.Errorf("rekey seat %d of game %d: %w", k.Seat, r.GameID, err)
			}
		}
		if r.Undo != nil {
			if err := writeUndo(ctx, tx, r.GameID, *r.Undo, now); err != nil {
				return err
			}
		}
		mails := r.Mails
		if r.Limited != nil {
			held, err := s.replyHeld(ctx, tx, r.Limited.Limits)
			if err != nil {
				return err
			}
			switch {
			case held == "":
				mails = append(mails, r.Limited.Mail)
			case r.Inbound != nil:
				_, err := tx.ExecContext(ctx, `UPDATE inbound_mails SET detail = detail || ? WHERE mail_key = ?`,
					"; answer held back by the limit "+held, r.Inbound.Key)
				if err != nil {
					return fmt.Errorf("record mail %s: %w", r.Inbound.Key, err)
				}
				noteDetail(ctx, r.Inbound.Key, "; answer held back by the limit "+held)
			}
		}
		return queueMailsFor(ctx, tx, r.GameID, cause, mails, now)
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

// InboundOutcome is how the last mail recorded with messageID, or with
// that key, was handled.
func (s *Store) InboundOutcome(ctx context.Context, messageID string) (outcome, detail string, err error) {
	// The last one's ID from both indexes, then its row: no sort.
	err = s.db.QueryRowContext(ctx, `SELECT outcome, detail FROM inbound_mails
		WHERE id = (SELECT MAX(id) FROM inbound_mails WHERE message_id = ? OR mail_key = ?)`, messageID, messageID).Scan(&outcome, &detail)
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

// replyHeld decides, inside tx, whether an answer may go now under every
// one of limits, and if so counts it under each: in the same transaction
// as the mail that causes it, so a crash never spends an answer without
// sending it. It returns the key of a limit that holds it back, or "".
func (s *Store) replyHeld(ctx context.Context, tx *sql.Tx, limits []Limit) (string, error) {
	return replyHeldAt(ctx, tx, s.now(), limits)
}

// replyHeldAt is replyHeld at now.
func replyHeldAt(ctx context.Context, tx *sql.Tx, now time.Time, limits []Limit) (string, error) {
	now = now.UTC()
	type state struct {
		found, reset bool
	}
	states := make([]state, len(limits))
	for i, l := range limits {
		var start string
		var sent int
		err := tx.QueryRowContext(ctx, `SELECT window_start, sent FROM reply_limits WHERE key = ?`, l.Key).Scan(&start, &sent)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return "", fmt.Errorf("reply limit %s: %w", l.Key, err)
		case now.Sub(parseTime(start)) >= l.Every:
			states[i] = state{found: true, reset: true}
		case sent >= max(l.Max, 1):
			return l.Key, nil
		default:
			states[i] = state{found: true}
		}
	}
	stamp := now.Format(timeFormat)
	for i, l := range limits {
		var err error
		switch st := states[i]; {
		case !st.found:
			_, err = tx.ExecContext(ctx, `INSERT INTO reply_limits (key, sent_at, window_start, sent) VALUES (?, ?, ?, 1)`, l.Key, stamp, stamp)
		case st.reset:
			_, err = tx.ExecContext(ctx, `UPDATE reply_limits SET sent_at = ?, window_start = ?, sent = 1 WHERE key = ?`, stamp, stamp, l.Key)
		default:
			_, err = tx.ExecContext(ctx, `UPDATE reply_limits SET sent_at = ?, sent = sent + 1 WHERE key = ?`, stamp, l.Key)
		}
		if err != nil {
			return "", fmt.Errorf("reply limit %s: %w", l.Key, err)
		}
	}
	return "", nil
}
