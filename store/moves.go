package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"pbem/lang"
)

// Move is one row of a game's history.
type Move struct {
	Number   int // 1 for the first move
	Seat     int
	Text     string // as the player sent it
	Notation string // canonical: replaying it rebuilds the state
	// Public is the notation as the other players see it, "" when it is
	// Notation: an exchange tells them how many tokens went back, not
	// which.
	Public string
	// Aside says the move left the turn where it was (a draw offer, its
	// answer): it shares the number of the turn it came in.
	Aside bool
	// Turn is the number players know the move by, #Turn: turns count
	// from 1, and an aside has the number of the turn it came in. Moves
	// fills it in; CommitMoves ignores it.
	Turn      int
	Score     int
	Events    []lang.Msg
	State     []byte // the engine's state after the move
	CreatedAt time.Time
	MessageID string // the mail that carried it, if any
	// Why is the line a computer seat's move says to explain itself
	// (engine.BotMoveWhy), zero for none: the mails telling the move say
	// it in their reader's language.
	Why lang.Msg
}

// OutMail is a mail to send, queued in the outbox: its envelope recipient
// and its whole message, Message-ID header included.
type OutMail struct {
	MessageID string // as in the message's header, without <>
	Recipient string
	// Base is the recipient without the +tag of its local part, which
	// the server gives: a stop from ann+games@ silences ann@ too.
	Base string
	Raw  []byte
	// Pictures are the pictures Raw shows but does not hold yet (see
	// mailer.InlinePart.Data), stored once beside every mail that shows
	// them and drawn when the first of those is sent.
	Pictures []Picture
	// Starts marks the turn mail to the player to move, queued with the
	// game's new clock: a clock that waits for delivery (HeldDelivery)
	// waits for this mail (Clock.Mail) and starts when the relay accepts
	// it (MarkSent).
	Starts bool
}

// Picture is a picture queued mails show, by its Ref, with what it is
// drawn from.
type Picture struct {
	Ref    string // the name the mails' placeholders give it
	Source []byte // a board's diagram
}

// Inbound is a received mail, recorded with what it caused.
type Inbound struct {
	// Key dedupes the mail: recorded once, a second copy is recognised by
	// it. The server makes it of the Message-ID and a digest of the mail.
	Key       string
	MessageID string // the mail's Message-ID without <>, "" when it has none
	Raw       []byte
	// From is the sender's bare address, "" when none was read: kept
	// beside the raw mail so that pbem mail list --from reads an index.
	From    string
	Outcome string // Applied, Refused, Ignored, Rejected or Failed
	Detail  string // why, for the operator: the reason mail list shows
	// Confirms, when set, is the hash of the confirmation this mail
	// completes (a reply to one of kind ConfirmCommand): it is marked used
	// in the transaction that records the mail, which fails with
	// ErrConflict when it is used or expired already.
	Confirms string
}

// Outcomes of an inbound mail.
const (
	Applied  = "applied"  // its commands were applied
	Refused  = "refused"  // its commands were refused; the sender was told
	Ignored  = "ignored"  // automatic, a duplicate, or not for a game
	Rejected = "rejected" // unreadable, or from someone without a seat
	// Failed: its handling met an error that trying again cannot cure (a
	// bug, data the code cannot handle), or passing failures too many
	// times: it changed nothing, and waits in the rejected folder for the
	// operator (pbem status lists it).
	Failed = "failed"
)

// Outcomes are every outcome of an inbound mail: the one list the command
// line checks --outcome against.
var Outcomes = []string{Applied, Refused, Ignored, Rejected, Failed}

// Commit is what one applied command changes: the moves it made (numbered
// from From+1), the game's state and status after them, and the mails they
// cause. CommitMoves writes it all or nothing.
type Commit struct {
	GameID  int64
	From    int // the game's move number the moves were computed from
	Moves   []Move
	State   []byte
	Status  string
	Mails   []OutMail
	Inbound *Inbound // the mail that carried the moves, if any
	Chat    []ChatLine
	// Ratings are the placings of the human seats when the moves finish a
	// rated game, nil otherwise: the ratings change with the move that
	// ends the game, in its transaction, so the game counts once.
	Ratings []Placing
	// BotToMove says a computer seat is to move after the moves.
	BotToMove bool
	// Notified is the game's last move whose notifications are queued
	// once the commit is written: the last of Moves when Mails tell them,
	// the game's earlier value when they wait for the computer's answer.
	Notified int
	// Clock, when not nil, is the game's clock after the moves: a new
	// turn's, or none once a computer is to move or the game is over.
	Clock *Clock
	// Left are the addresses of the seats that left the game (resigned)
	// when the moves finish it: their mails still queued from before are
	// dropped (DroppedLeft), the game being over; this commit's Mails, its
	// end, still go to them.
	Left []string
	// At is when the moves were played, zero for now: a timeout the clock
	// plays late is stamped when it fell due, and so are the computer
	// seats' answers to it.
	At time.Time
}

// CommitMoves writes a Commit in one transaction, which it may share with
// commits of other games (see writeLoop). It returns ErrConflict, writing
// nothing, when the game is no longer active at move number From: another
// writer got there first.
func (s *Store) CommitMoves(ctx context.Context, c Commit) error {
	err := s.submit(ctx, commitRequest{commit: c})
	if errors.Is(err, ErrConflict) {
		return fmt.Errorf("game %d at move %d: %w", c.GameID, c.From, err)
	}
	if err != nil {
		return fmt.Errorf("commit moves of game %d: %w", c.GameID, err)
	}
	if c.Inbound != nil {
		// The writer writes under its own context: the note is taken here,
		// once the commit stands.
		note(ctx, *c.Inbound, c.GameID)
	}
	return nil
}

// writeCommit writes one Commit inside the writer's transaction.
func (s *Store) writeCommit(ctx context.Context, tx *sql.Tx, c Commit) error {
	now := s.stamp()
	turns := 0
	for _, m := range c.Moves {
		if !m.Aside {
			turns++
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET state = ?, move_number = ?, turns = turns + ?, notified = ?, status = ?, updated_at = ?, bot_to_move = ?
		WHERE id = ? AND move_number = ? AND status = 'active'`,
		c.State, c.From+len(c.Moves), turns, c.Notified, c.Status, now, c.BotToMove, c.GameID, c.From)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	if c.Clock != nil {
		if err := setClock(ctx, tx, c.GameID, *c.Clock); err != nil {
			return err
		}
	}
	played := now
	if !c.At.IsZero() {
		played = c.At.UTC().Format(timeFormat)
	}
	for i, m := range c.Moves {
		if err := insertMove(ctx, tx, c.GameID, c.From+i+1, m, played); err != nil {
			return err
		}
	}
	var cause int64
	if c.Inbound != nil {
		if cause, err = insertInbound(ctx, tx, *c.Inbound, c.GameID, now); err != nil {
			return err
		}
	}
	if err := insertChat(ctx, tx, c.GameID, c.Chat, now); err != nil {
		return err
	}
	if err := rateGame(ctx, tx, c.GameID, c.Ratings, now); err != nil {
		return err
	}
	return queueAfterLeaving(ctx, tx, c.GameID, cause, c.Left, c.Mails, now)
}

// queueAfterLeaving drops the mails of game still queued to left, who
// left it, queues mails (caused by the inbound mail cause, 0 for none)
// and starts a clock that waits for no mail of them.
func queueAfterLeaving(ctx context.Context, tx *sql.Tx, game, cause int64, left []string, mails []OutMail, now string) error {
	if len(left) > 0 {
		if err := dropQueued(ctx, tx, game, left, DroppedLeft, now); err != nil {
			return err
		}
	}
	if err := queueMailsFor(ctx, tx, game, cause, mails, now); err != nil {
		return err
	}
	return startUnlinked(ctx, tx, game)
}

// insertMove writes move number of game gameID, played at the time at.
func insertMove(ctx context.Context, tx *sql.Tx, gameID int64, number int, m Move, at string) error {
	events := m.Events
	if events == nil {
		events = []lang.Msg{}
	}
	eventsJSON, err := json.Marshal(events)
	if err != nil {
		return err
	}
	why := ""
	if !m.Why.IsZero() {
		data, err := json.Marshal(m.Why)
		if err != nil {
			return err
		}
		why = string(data)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO moves (game_id, number, seat, text, notation, public, aside, score, events, state, created_at, message_id, why)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		gameID, number, m.Seat, m.Text, m.Notation, m.Public, m.Aside, m.Score, string(eventsJSON), m.State, at, m.MessageID, why)
	return err
}

// Moves lists a game's history, in order.
func (s *Store) Moves(ctx context.Context, gameID int64) ([]Move, error) {
	return s.MovesAfter(ctx, gameID, 0)
}

// MovesAfter lists a game's moves numbered after after, in order: the end
// of its history, read without the rest.
func (s *Store) MovesAfter(ctx context.Context, gameID int64, after int) ([]Move, error) {
	turns := 0
	if after > 0 {
		err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves WHERE game_id = ? AND number <= ? AND aside = 0`, gameID, after).Scan(&turns)
		if err != nil {
			return nil, fmt.Errorf("moves of game %d: %w", gameID, err)
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT number, seat, text, notation, public, aside, score, events, state, created_at, message_id, why
		FROM moves WHERE game_id = ? AND number > ? ORDER BY number`, gameID, after)
	if err != nil {
		return nil, fmt.Errorf("moves of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		var events, created, why string
		if err := rows.Scan(&m.Number, &m.Seat, &m.Text, &m.Notation, &m.Public, &m.Aside, &m.Score, &events, &m.State, &created, &m.MessageID, &why); err != nil {
			return nil, fmt.Errorf("moves of game %d: %w", gameID, err)
		}
		if err := json.Unmarshal([]byte(events), &m.Events); err != nil {
			return nil, fmt.Errorf("move %d of game %d: events: %w", m.Number, gameID, err)
		}
		if why != "" {
			if err := json.Unmarshal([]byte(why), &m.Why); err != nil {
				return nil, fmt.Errorf("move %d of game %d: why: %w", m.Number, gameID, err)
			}
		}
		m.CreatedAt = parseTime(created)
		m.Turn = turns + 1
		if !m.Aside {
			turns++
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// LastMoveOf is the number of the last move that took a turn for seat in
// a game, 0 when it has played none: where the news of a player who gets
// a mail only at their turn starts.
func (s *Store) LastMoveOf(ctx context.Context, gameID int64, seat int) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(number), 0) FROM moves WHERE game_id = ? AND seat = ? AND aside = 0`, gameID, seat).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("last move of seat %d of game %d: %w", seat, gameID, err)
	}
	return n, nil
}
