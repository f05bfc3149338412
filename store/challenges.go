package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// A challenge is a game a player started by mail that waits for its
// seats: each invited player accepts or declines, each open seat waits
// for a player to join. It starts as a game when every seat is taken and
// accepted, and ends without one when a seat declines, when it expires,
// or when the operator cancels it.

// Challenge statuses.
const (
	ChallengePending   = "pending"
	ChallengeStarted   = "started"
	ChallengeDeclined  = "declined"
	ChallengeExpired   = "expired"
	ChallengeCancelled = "cancelled"
)

// Challenge is a challenge as stored, with its seats in seating order.
type Challenge struct {
	ID        int64
	Game      string
	Options   map[string]string
	Seed      uint64
	CreatedBy int64
	CreatedAt time.Time
	ExpiresAt time.Time
	Status    string
	GameID    int64 // the game it started as; 0 before
	// RematchOf is the finished game a rematch plays again; 0 for a
	// challenge made with new.
	RematchOf int64
	// Ladder is the ladder whose challenge this is (ladder_challenges),
	// 0 for none: its end moves rungs rather than only telling its seats.
	Ladder int64
	Seats  []ChallengeSeat
}

// ChallengeSeat is one seat of a challenge.
type ChallengeSeat struct {
	Seat     int
	PlayerID int64  // 0 while unknown (an open seat, or an address new here)
	Address  string // "" for an open seat
	Name     string // the player's name, when known
	// Bot is a computer seat's label, its level after a colon when not
	// normal ("Robot:easy"), as game new takes it: a rematch of a game
	// with computer seats keeps them, accepted from the start. "" for a
	// player's seat.
	Bot      string
	Accepted bool
	Declined bool
}

// Open reports whether the seat waits for a player to join.
func (s ChallengeSeat) Open() bool { return s.Address == "" && s.Bot == "" }

// Taken counts the seats that have accepted.
func (c Challenge) Taken() int {
	n := 0
	for _, s := range c.Seats {
		if s.Accepted {
			n++
		}
	}
	return n
}

// NewChallenge is what CreateChallenge stores: seat 0 is the creator's,
// accepted; the others are invitations (Address set) or open seats.
// Mails (the invitations, the creator's confirmation) are queued in the
// same transaction as the challenge and the mail that asked for it.
type NewChallenge struct {
	Game      string
	Options   map[string]string
	Seed      uint64
	CreatedBy int64
	ExpiresAt time.Time
	RematchOf int64 // the finished game a rematch plays again, 0 for none
	Seats     []ChallengeSeat
	// Mails are composed once the challenge has its ID, in the
	// transaction.
	Mails   func(id int64) ([]OutMail, error)
	Inbound *Inbound
}

// CreateChallenge stores a challenge and returns its ID.
func (s *Store) CreateChallenge(ctx context.Context, c NewChallenge) (int64, error) {
	opts, err := json.Marshal(nonNil(c.Options))
	if err != nil {
		return 0, fmt.Errorf("create challenge: %w", err)
	}
	var id int64
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		if id, err = insertChallenge(ctx, tx, c, string(opts), now); err != nil {
			return err
		}
		return recordWith(ctx, tx, c.Inbound, 0, func() ([]OutMail, error) { return c.Mails(id) }, now)
	})
	if err != nil {
		return 0, fmt.Errorf("create challenge: %w", err)
	}
	return id, nil
}

// insertChallenge writes challenge c and its seats, its options as JSON
// opts, and returns its ID.
func insertChallenge(ctx context.Context, tx *sql.Tx, c NewChallenge, opts, now string) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO challenges (game, options, seed, created_by, created_at, expires_at, rematch_of)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, c.Game, opts, int64(c.Seed), c.CreatedBy, now, c.ExpiresAt.UTC().Format(timeFormat), nullID(c.RematchOf))
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for i, seat := range c.Seats {
		var accepted any
		if seat.Accepted {
			accepted = now
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO challenge_seats (challenge_id, seat, player_id, address, accepted_at, bot) VALUES (?, ?, ?, ?, ?, ?)`,
			id, i, nullID(seat.PlayerID), nullString(seat.Address), accepted, nullString(seat.Bot)); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// recordWith writes the inbound mail in (when not nil) about game and
// queues the mails that mails composes, tied to it.
func recordWith(ctx context.Context, tx *sql.Tx, in *Inbound, game int64, mails func() ([]OutMail, error), now string) error {
	var cause int64
	if in != nil {
		var err error
		if cause, err = insertInbound(ctx, tx, *in, game, now); err != nil {
			return err
		}
	}
	out, err := mails()
	if err != nil {
		return err
	}
	return queueMailsFor(ctx, tx, game, cause, out, now)
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Challenge loads a challenge with its seats; ErrNotFound when there is
// none.
func (s *Store) Challenge(ctx context.Context, id int64) (Challenge, error) {
	c := Challenge{ID: id}
	var opts, created, expires string
	var seed int64
	var game, rematch sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT game, options, seed, created_by, created_at, expires_at, status, game_id, rematch_of,
		COALESCE((SELECT ladder_id FROM ladder_challenges WHERE challenge_id = challenges.id), 0) FROM challenges WHERE id = ?`, id).
		Scan(&c.Game, &opts, &seed, &c.CreatedBy, &created, &expires, &c.Status, &game, &rematch, &c.Ladder)
	if errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, err)
	}
	c.Seed, c.GameID, c.RematchOf = uint64(seed), game.Int64, rematch.Int64
	c.CreatedAt, c.ExpiresAt = parseTime(created), parseTime(expires)
	if err := json.Unmarshal([]byte(opts), &c.Options); err != nil {
		return Challenge{}, fmt.Errorf("challenge %d options: %w", id, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT cs.seat, COALESCE(cs.player_id, 0), COALESCE(cs.address, ''), COALESCE(p.name, ''), COALESCE(cs.bot, ''),
		cs.accepted_at IS NOT NULL, cs.declined_at IS NOT NULL
		FROM challenge_seats cs LEFT JOIN players p ON p.id = cs.player_id WHERE cs.challenge_id = ? ORDER BY cs.seat`, id)
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge %d seats: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var seat ChallengeSeat
		if err := rows.Scan(&seat.Seat, &seat.PlayerID, &seat.Address, &seat.Name, &seat.Bot, &seat.Accepted, &seat.Declined); err != nil {
			return Challenge{}, fmt.Errorf("challenge %d seats: %w", id, err)
		}
		c.Seats = append(c.Seats, seat)
	}
	if err := rows.Err(); err != nil {
		return Challenge{}, fmt.Errorf("challenge %d seats: %w", id, err)
	}
	return c, nil
}

// Challenges lists the IDs of the challenges with the given status (all
// when ""), the newest first.
func (s *Store) Challenges(ctx context.Context, status string) ([]int64, error) {
	return s.queryIDs(ctx, "challenges", `SELECT id FROM challenges WHERE ? = '' OR status = ? ORDER BY id DESC`, status, status)
}

// OpenChallenges lists the pending challenges that have an open seat,
// the oldest first.
func (s *Store) OpenChallenges(ctx context.Context) ([]int64, error) {
	return s.queryIDs(ctx, "open challenges", `SELECT id FROM challenges c WHERE status = 'pending'
		AND EXISTS (SELECT 1 FROM challenge_seats cs WHERE cs.challenge_id = c.id AND cs.address IS NULL AND cs.bot IS NULL) ORDER BY id`)
}

// ChallengesOf lists the pending challenges with a seat of player pid's
// or of address, the oldest first: it reads the pending challenges alone
// (challenges_pending, in their order) and the seats of each.
func (s *Store) ChallengesOf(ctx context.Context, pid int64, address string) ([]int64, error) {
	return s.queryIDs(ctx, "challenges of a player", `SELECT c.id FROM challenges c WHERE c.status = 'pending'
		AND EXISTS (SELECT 1 FROM challenge_seats cs WHERE cs.challenge_id = c.id AND (cs.player_id = ? OR cs.address = ?)) ORDER BY c.id`, pid, address)
}

// RematchOf is the latest challenge made by a rematch of game, pending or
// ended; ErrNotFound when it has had none. It reads the
// challenges_rematch index alone.
func (s *Store) RematchOf(ctx context.Context, game int64) (Challenge, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM challenges WHERE rematch_of = ? ORDER BY id DESC LIMIT 1`, game).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, fmt.Errorf("rematch of game %d: %w", game, ErrNotFound)
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("rematch of game %d: %w", game, err)
	}
	return s.Challenge(ctx, id)
}

// DueChallenges lists the pending challenges expired by now, at most
// limit, the earliest first, from the challenges_due index alone.
func (s *Store) DueChallenges(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	return s.queryIDs(ctx, "challenges due", `SELECT id FROM challenges WHERE status = 'pending' AND expires_at <= ?
		ORDER BY expires_at LIMIT ?`, now.UTC().Format(timeFormat), limit)
}

// SeatAnswer is a seat's answer to a pending challenge, written with its
// mails and the mail that gave it, in one transaction: an acceptance, a
// join (an open seat taken by PlayerID at Address) or a decline, which
// ends the challenge (End). ErrConflict when the challenge is no longer
// pending or the seat was answered meanwhile.
type SeatAnswer struct {
	Challenge int64
	Seat      int
	Decline   bool
	// Join, for an open seat: the player who takes it.
	PlayerID int64
	Address  string
	Mails    []OutMail
	Inbound  *Inbound
}

// AnswerSeat writes a SeatAnswer; a decline ends the challenge.
func (s *Store) AnswerSeat(ctx context.Context, a SeatAnswer) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		if err := answerSeat(ctx, tx, a, now); err != nil {
			return err
		}
		if a.Decline {
			if err := endChallenge(ctx, tx, a.Challenge, ChallengeDeclined, 0); err != nil {
				return err
			}
		}
		return recordWith(ctx, tx, a.Inbound, 0, func() ([]OutMail, error) { return a.Mails, nil }, now)
	})
	if err != nil {
		return fmt.Errorf("answer to challenge %d: %w", a.Challenge, err)
	}
	return nil
}

// answerSeat marks a's seat accepted (taking it when open) or declined,
// if it has not answered yet and the challenge is pending.
func answerSeat(ctx context.Context, tx *sql.Tx, a SeatAnswer, now string) error {
	var res sql.Result
	var err error
	switch {
	case a.Decline:
		// A seat that accepted may still withdraw while the game waits.
		res, err = tx.ExecContext(ctx, `UPDATE challenge_seats SET declined_at = ? WHERE challenge_id = ? AND seat = ?
			AND declined_at IS NULL AND address IS NOT NULL`, now, a.Challenge, a.Seat)
	case a.Address != "":
		res, err = tx.ExecContext(ctx, `UPDATE challenge_seats SET player_id = ?, address = ?, accepted_at = ? WHERE challenge_id = ? AND seat = ?
			AND address IS NULL AND bot IS NULL`, nullID(a.PlayerID), a.Address, now, a.Challenge, a.Seat)
	default:
		res, err = tx.ExecContext(ctx, `UPDATE challenge_seats SET accepted_at = ? WHERE challenge_id = ? AND seat = ?
			AND accepted_at IS NULL AND declined_at IS NULL AND address IS NOT NULL`, now, a.Challenge, a.Seat)
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrConflict
	}
	var pending bool
	if err := tx.QueryRowContext(ctx, `SELECT status = 'pending' FROM challenges WHERE id = ?`, a.Challenge).Scan(&pending); err != nil {
		return err
	}
	if !pending {
		return ErrConflict
	}
	return nil
}

// endChallenge moves a pending challenge to status, with the game it
// started as (0 for none); ErrConflict when it is not pending.
func endChallenge(ctx context.Context, tx *sql.Tx, id int64, status string, game int64) error {
	res, err := tx.ExecContext(ctx, `UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'pending'`, status, nullID(game), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrConflict
	}
	return nil
}

// EndChallenge ends a pending challenge without a game — expired or
// cancelled — with the mails telling its players, in one transaction;
// ErrConflict when it is no longer pending.
func (s *Store) EndChallenge(ctx context.Context, id int64, status string, mails []OutMail) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := endChallenge(ctx, tx, id, status, 0); err != nil {
			return err
		}
		return queueMails(ctx, tx, 0, mails, s.stamp())
	})
	if err != nil {
		return fmt.Errorf("end challenge %d: %w", id, err)
	}
	return nil
}

// ChallengeStart is the last answer to a challenge, which starts its game:
// CreateGame writes it, the game and the game's invitations in one
// transaction (the mail that gave it is NewGame.Inbound).
type ChallengeStart struct {
	Answer SeatAnswer
}

// startChallenge writes c within CreateGame's transaction, game being the
// new game's ID.
func startChallenge(ctx context.Context, tx *sql.Tx, c ChallengeStart, game int64, now string) error {
	if err := answerSeat(ctx, tx, c.Answer, now); err != nil {
		return err
	}
	var waiting int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM challenge_seats WHERE challenge_id = ? AND accepted_at IS NULL`, c.Answer.Challenge).Scan(&waiting); err != nil {
		return err
	}
	if waiting > 0 {
		return ErrConflict
	}
	if err := endChallenge(ctx, tx, c.Answer.Challenge, ChallengeStarted, game); err != nil {
		return err
	}
	return queueMails(ctx, tx, game, c.Answer.Mails, now)
}

// PlayersNamed lists the registered players (signed up, not signed off)
// whose name is name, compared without case.
func (s *Store) PlayersNamed(ctx context.Context, name string) ([]Player, error) {
	ids, err := s.queryIDs(ctx, "players named "+name, `SELECT id FROM players WHERE name = ? COLLATE NOCASE
		AND registered_at IS NOT NULL AND signed_off_at IS NULL ORDER BY id`, name)
	if err != nil {
		return nil, err
	}
	var out []Player
	for _, id := range ids {
		p, err := s.Player(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}
