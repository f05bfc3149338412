package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A clock that waits for delivery (HeldDelivery) learns of its turn mail
// from the outbox, in the transactions that change the mail: queued, its
// Message-ID is linked to the clock (linkClock); accepted by the relay,
// the game is made due at that instant (acceptedTurnMails), so that the
// clock loop starts the clock as of then, however late it runs; retried by
// the operator after the relay refused it, the clock waits for it again
// (rewaitTurnMail). The clock itself is the server's to compute.

// linkClock names messageID, queued within tx, as the mail game gameID's
// waiting clock waits for. A clock that started with its move (the
// server's ClockFromMove) is tied to no mail: no bounce stops it.
func linkClock(ctx context.Context, tx *sql.Tx, gameID int64, messageID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE games SET clock_mail = ? WHERE id = ? AND clock_held = ?`, messageID, gameID, HeldDelivery)
	return err
}

// startUnlinked makes game gameID due at its turn's start when its clock
// waits for delivery and no mail was queued for it to wait for (the
// player asked for no mail, or a limit held it back): the clock starts
// with the move, as it would have without a mail to wait for.
func startUnlinked(ctx context.Context, tx *sql.Tx, gameID int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE games SET next_due = turn_started WHERE id = ? AND clock_held = ? AND clock_mail = ''`, gameID, HeldDelivery)
	return err
}

// acceptedTurnMails makes the games whose clocks wait for outbox mails
// ids due at now, when the relay accepted them, unless something falls
// due before: one statement for a batch (of acceptedBatch at most), each
// game found by its key (the unary + keeps the status test off the
// games_status index, as in DueGames).
func acceptedTurnMails(ctx context.Context, tx *sql.Tx, ids []int64, now string) error {
	for len(ids) > acceptedBatch {
		if err := acceptedTurnMails(ctx, tx, ids[:acceptedBatch], now); err != nil {
			return err
		}
		ids = ids[acceptedBatch:]
	}
	if len(ids) == 0 {
		return nil
	}
	args := []any{now, now}
	for _, id := range ids {
		args = append(args, id)
	}
	args = append(args, HeldDelivery)
	_, err := tx.ExecContext(ctx, `UPDATE games SET next_due = CASE WHEN games.next_due IS NULL OR games.next_due > ? THEN ? ELSE games.next_due END
		FROM (SELECT game_id, message_id FROM outbox WHERE id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) AND game_id IS NOT NULL) AS sent
		WHERE games.id = sent.game_id AND games.clock_mail = sent.message_id AND games.clock_held = ? AND +games.status = 'active'`, args...)
	return err
}

// acceptedBatch is the most mails acceptedTurnMails names in one
// statement, well under SQLite's limit on bound values.
const acceptedBatch = 500

// rewaitTurnMail makes the clock that stopped because the relay refused
// outbox mail id wait for it again, now that the operator retries it: it
// starts when the relay accepts it.
func rewaitTurnMail(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE games SET clock_held = ?, clock_why = ''
		WHERE id = (SELECT game_id FROM outbox WHERE id = ?) AND clock_mail = (SELECT message_id FROM outbox WHERE id = ?)
		AND clock_held = ? AND status = 'active'`, HeldDelivery, id, id, HeldAbandoned)
	return err
}

// TurnMail is what the outbox knows of a turn mail's delivery.
type TurnMail struct {
	Queued      bool      // the outbox holds it
	SentAt      time.Time // when the relay accepted it; zero before
	AbandonedAt time.Time // when it was given up; zero for none
	Error       string    // the last attempt's error
}

// TurnMailOf is the delivery of the outbox mail messageID; Queued is
// false when the outbox holds none (never queued, or purged).
func (s *Store) TurnMailOf(ctx context.Context, messageID string) (TurnMail, error) {
	var sent, abandoned sql.NullString
	var m TurnMail
	err := s.db.QueryRowContext(ctx, `SELECT sent_at, abandoned_at, last_error FROM outbox WHERE message_id = ?`, messageID).Scan(&sent, &abandoned, &m.Error)
	if errors.Is(err, sql.ErrNoRows) {
		return TurnMail{}, nil
	}
	if err != nil {
		return TurnMail{}, fmt.Errorf("turn mail %s: %w", messageID, err)
	}
	m.Queued, m.SentAt, m.AbandonedAt = true, nullTime(sent), nullTime(abandoned)
	return m, nil
}

// HeldClocks is how many active games have their clock held for each
// reason (Clock.Held), and since when the oldest waits: the turn's start
// of the earliest.
type HeldClocks struct {
	Held   string
	Games  int
	Oldest time.Time
	IDs    []int64 // the first few, oldest first
}

// heldIDs is how many game IDs HeldClocks names per reason.
const heldIDs = 10

// SummarizeHeldClocks reads the held clocks through their index, which
// holds them alone: a row per held clock, whatever else the database
// holds (pbem status and doctor, which name the oldest; a scrape needs
// only CountHeldClocks).
func (s *Store) SummarizeHeldClocks(ctx context.Context) ([]HeldClocks, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT clock_held, id, turn_started FROM games INDEXED BY games_clock_held
		WHERE clock_held != '' AND status = 'active' ORDER BY clock_held, turn_started, id`)
	if err != nil {
		return nil, fmt.Errorf("held clocks: %w", err)
	}
	defer rows.Close()
	var out []HeldClocks
	for rows.Next() {
		var held string
		var id int64
		var started sql.NullString
		if err := rows.Scan(&held, &id, &started); err != nil {
			return nil, fmt.Errorf("held clocks: %w", err)
		}
		if len(out) == 0 || out[len(out)-1].Held != held {
			out = append(out, HeldClocks{Held: held, Oldest: nullTime(started)})
		}
		h := &out[len(out)-1]
		h.Games++
		if len(h.IDs) < heldIDs {
			h.IDs = append(h.IDs, id)
		}
	}
	return out, rows.Err()
}

// CountHeldClocks counts the running games whose clock is held, by why
// (HeldDelivery, HeldBounced, HeldAbandoned): the counts alone, from the
// index of held clocks, for a metrics scrape that must cost the same
// however many clocks a relay's outage holds.
func (s *Store) CountHeldClocks(ctx context.Context) (map[string]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT clock_held, COUNT(*) FROM games INDEXED BY games_clock_held
		WHERE clock_held != '' AND +status = 'active' GROUP BY clock_held`)
	if err != nil {
		return nil, fmt.Errorf("held clocks: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var held string
		var n int
		if err := rows.Scan(&held, &n); err != nil {
			return nil, fmt.Errorf("held clocks: %w", err)
		}
		out[held] = n
	}
	return out, rows.Err()
}
