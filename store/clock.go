package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Clock is a game's clock for the player to move. The zero Clock is no
// clock: none was set, a computer is to move, or the game is over.
type Clock struct {
	TurnStarted time.Time // when the player's time for this move began
	Deadline    time.Time // when it runs out; zero while paused or without clock
	// Reminded counts what was sent for this turn: 1 the half-time
	// reminder, 2 the last day's, 3 the turn ran out with nothing to do.
	Reminded int
	// Left is the time the player had left when a vacation stopped the
	// clock; 0 when it runs.
	Left time.Duration
	// NextDue is when pbem deadlines next has something to do for the
	// game: a reminder, the timeout, the end of a vacation, a turn mail
	// the relay accepted; zero for nothing.
	NextDue time.Time
	// Mail is the Message-ID of the turn mail whose acceptance by the
	// relay starts this clock, set when the mail is queued (OutMail.Starts);
	// "" for a clock that started with its move.
	Mail string
	// Held says why a clock with time left (Left) does not run, beside a
	// vacation: HeldDelivery, HeldBounced, HeldAbandoned; "" for none.
	Held string
	// Why is the relay's words for a clock HeldBounced or HeldAbandoned.
	Why string
}

// Why a clock is held (Clock.Held).
const (
	// HeldDelivery: the clock waits for the relay to accept Mail; it
	// starts then, or at its move if later.
	HeldDelivery = "delivery"
	// HeldBounced: a delivery report said Mail never reached the player.
	HeldBounced = "bounced"
	// HeldAbandoned: the relay refused Mail for good; it never left.
	HeldAbandoned = "abandoned"
)

// Running reports whether c is a clock, running or paused.
func (c Clock) Running() bool { return !c.Deadline.IsZero() || c.Left > 0 }

// Waiting reports whether c waits for its turn mail to leave.
func (c Clock) Waiting() bool { return c.Held == HeldDelivery }

// Undelivered reports whether c is stopped because its turn mail never
// reached the player.
func (c Clock) Undelivered() bool { return c.Held == HeldBounced || c.Held == HeldAbandoned }

// clockColumns are the columns of a Clock, in scanClock's order.
const clockColumns = `turn_started, deadline, reminded, clock_left, next_due, clock_mail, clock_held, clock_why`

// scanClock reads clockColumns.
type clockScan struct {
	started, deadline, due sql.NullString
	reminded               int
	left                   int64
	mail, held, why        string
}

func (c clockScan) clock() Clock {
	return Clock{
		TurnStarted: nullTime(c.started), Deadline: nullTime(c.deadline), Reminded: c.reminded,
		Left: time.Duration(c.left), NextDue: nullTime(c.due), Mail: c.mail, Held: c.held, Why: c.why,
	}
}

func nullTime(s sql.NullString) time.Time {
	if !s.Valid {
		return time.Time{}
	}
	return parseTime(s.String)
}

// timeOrNull is t as stored, NULL for the zero time.
func timeOrNull(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(timeFormat)
}

// clockArgs are c's values for clockColumns.
func clockArgs(c Clock) []any {
	return []any{timeOrNull(c.TurnStarted), timeOrNull(c.Deadline), c.Reminded, int64(c.Left), timeOrNull(c.NextDue), c.Mail, c.Held, c.Why}
}

// setClock writes c for game id within tx.
func setClock(ctx context.Context, tx *sql.Tx, id int64, c Clock) error {
	return writeClock(ctx, tx, id, c, false)
}

// writeClock is setClock; on a game just inserted (fresh), whose clock
// columns hold their defaults, those of delivery (”) are written only
// when c sets them, as a seat's bot_level: an older schema's database
// still takes a new game (TestCountsStartFromTheRows).
func writeClock(ctx context.Context, tx *sql.Tx, id int64, c Clock, fresh bool) error {
	if fresh && c.Mail == "" && c.Held == "" && c.Why == "" {
		args := append(clockArgs(c)[:5], id)
		_, err := tx.ExecContext(ctx, `UPDATE games SET turn_started = ?, deadline = ?, reminded = ?, clock_left = ?, next_due = ? WHERE id = ?`, args...)
		return err
	}
	args := append(clockArgs(c), id)
	_, err := tx.ExecContext(ctx, `UPDATE games SET turn_started = ?, deadline = ?, reminded = ?, clock_left = ?, next_due = ?,
		clock_mail = ?, clock_held = ?, clock_why = ? WHERE id = ?`, args...)
	return err
}

// DueGames lists the active games with something due by now, at most
// limit, the earliest first: it reads the next_due index alone, so that
// finding nothing due costs the same with ten games or a hundred thousand.
func (s *Store) DueGames(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	return s.queryIDs(ctx, "games due", dueGamesQuery, now.UTC().Format(timeFormat), limit)
}

// dueGamesQuery reads games_next_due in its order, the status checked on
// the rows it finds. The unary + keeps the status test off the
// games_status index (the operator's game list's): a planner without
// statistics, as pbem's databases are, takes an equality on an indexed
// column for a few rows, and would read every active game through it and
// sort them (store/plans_test.go holds the plan).
const dueGamesQuery = `SELECT id FROM games WHERE next_due IS NOT NULL AND next_due <= ? AND +status = 'active'
	ORDER BY next_due LIMIT ?`

// ClockChange is a change of a game's clock that moves nothing: a
// reminder, a vacation's stop or restart, more time from the operator, a
// turn mail accepted or undelivered. It is written only while the game is
// at move From with the clock as Was says (Reminded, Deadline, Left,
// NextDue, Held), so that two processes handling the same deadline write
// it once, and a change read before the sender recorded a turn mail's
// acceptance does not undo it; the other gets ErrConflict.
type ClockChange struct {
	GameID int64
	From   int
	Was    Clock
	Clock  Clock
	Mails  []OutMail // queued in the same transaction
}

// ChangeClock writes a ClockChange.
func (s *Store) ChangeClock(ctx context.Context, c ClockChange) error {
	if err := s.inTx(ctx, func(tx *sql.Tx) error { return changeClock(ctx, tx, c, s.stamp()) }); err != nil {
		return fmt.Errorf("clock of game %d: %w", c.GameID, err)
	}
	return nil
}

// changeClock writes c within tx, or returns ErrConflict.
func changeClock(ctx context.Context, tx *sql.Tx, c ClockChange, now string) error {
	args := append(clockArgs(c.Clock), c.GameID, c.From, c.Was.Reminded, timeOrNull(c.Was.Deadline), int64(c.Was.Left),
		timeOrNull(c.Was.NextDue), c.Was.Held)
	res, err := tx.ExecContext(ctx, `UPDATE games SET turn_started = ?, deadline = ?, reminded = ?, clock_left = ?, next_due = ?,
		clock_mail = ?, clock_held = ?, clock_why = ?
		WHERE id = ? AND move_number = ? AND status = 'active' AND reminded = ? AND deadline IS ? AND clock_left = ?
		AND next_due IS ? AND clock_held = ?`, args...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return queueMails(ctx, tx, c.GameID, c.Mails, now)
}
