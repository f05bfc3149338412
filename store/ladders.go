package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A ladder is a standing order of players for one game type: the rules
// (who may challenge whom, what a result moves) are the feature's
// (server/ladder); the store keeps the ladders, their rungs and records,
// and which challenges are ladder challenges, and writes each change of a
// ladder — a join, a leave, a result — in one transaction with its mails,
// only if the rungs are still as they were read (WriteLadder).

// Ladder outcomes: how a ladder challenge was settled.
const (
	LadderWon       = "won"       // the challenger won the game
	LadderForfeited = "forfeited" // the defender declined or did not answer in time
	LadderDefended  = "defended"  // the defender won the game
	LadderDrawn     = "drawn"     // a draw
	LadderWithdrawn = "withdrawn" // called off: nothing moves, nothing counts
)

// Ladder is a ladder as stored.
type Ladder struct {
	ID      int64
	Game    string
	Options map[string]string
	// Reach is how many rungs up a player may challenge.
	Reach int
	// Answer is how long a challenged player has to accept.
	Answer    time.Duration
	CreatedAt time.Time
}

// Rung is a player's place on a ladder, 1 the top, with their record
// there.
type Rung struct {
	Rung                int
	PlayerID            int64
	Name, Email         string
	Wins, Losses, Draws int
	JoinedAt            time.Time
}

// LadderChallenge is a ladder's challenge, with what its challenge
// (table challenges) says of it.
type LadderChallenge struct {
	Challenge            int64
	Ladder               int64
	Challenger, Defender int64
	// Outcome is "" while it is open, else one of the Ladder outcomes.
	Outcome   string
	SettledAt time.Time
	// Status is its challenge's (ChallengePending…), GameID its game
	// once started, GameStatus that game's.
	Status     string
	ExpiresAt  time.Time
	GameID     int64
	GameStatus string
}

// CreateLadder stores a new ladder and returns its ID; ErrConflict when
// its game has one already.
func (s *Store) CreateLadder(ctx context.Context, l Ladder) (int64, error) {
	opts, err := json.Marshal(nonNil(l.Options))
	if err != nil {
		return 0, fmt.Errorf("create ladder: %w", err)
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO ladders (game, options, reach, answer_seconds, created_at) VALUES (?, ?, ?, ?, ?)`,
		l.Game, string(opts), l.Reach, int64(l.Answer/time.Second), s.stamp())
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return 0, fmt.Errorf("create ladder of %s: %w", l.Game, ErrConflict)
		}
		return 0, fmt.Errorf("create ladder of %s: %w", l.Game, err)
	}
	return res.LastInsertId()
}

const ladderColumns = `id, game, options, reach, answer_seconds, created_at`

func scanLadder(row interface{ Scan(...any) error }) (Ladder, error) {
	var l Ladder
	var opts, created string
	var answer int64
	if err := row.Scan(&l.ID, &l.Game, &opts, &l.Reach, &answer, &created); err != nil {
		return Ladder{}, err
	}
	l.Answer, l.CreatedAt = time.Duration(answer)*time.Second, parseTime(created)
	if err := json.Unmarshal([]byte(opts), &l.Options); err != nil {
		return Ladder{}, fmt.Errorf("ladder %d options: %w", l.ID, err)
	}
	return l, nil
}

// Ladders lists the ladders by game.
func (s *Store) Ladders(ctx context.Context) ([]Ladder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+ladderColumns+` FROM ladders ORDER BY game`)
	if err != nil {
		return nil, fmt.Errorf("ladders: %w", err)
	}
	defer rows.Close()
	var out []Ladder
	for rows.Next() {
		l, err := scanLadder(rows)
		if err != nil {
			return nil, fmt.Errorf("ladders: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// LadderByID is ladder id; ErrNotFound when there is none.
func (s *Store) LadderByID(ctx context.Context, id int64) (Ladder, error) {
	return s.ladderWhere(ctx, "id = ?", id)
}

// LadderOf is game's ladder; ErrNotFound when it has none.
func (s *Store) LadderOf(ctx context.Context, game string) (Ladder, error) {
	return s.ladderWhere(ctx, "game = ?", game)
}

func (s *Store) ladderWhere(ctx context.Context, where string, arg any) (Ladder, error) {
	l, err := scanLadder(s.db.QueryRowContext(ctx, `SELECT `+ladderColumns+` FROM ladders WHERE `+where, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return Ladder{}, fmt.Errorf("ladder %v: %w", arg, ErrNotFound)
	}
	if err != nil {
		return Ladder{}, fmt.Errorf("ladder %v: %w", arg, err)
	}
	return l, nil
}

// Rungs are ladder's players from the top down.
func (s *Store) Rungs(ctx context.Context, ladder int64) ([]Rung, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.rung, r.player_id, COALESCE(p.name, ''), p.email, r.wins, r.losses, r.draws, r.joined_at
		FROM ladder_rungs r JOIN players p ON p.id = r.player_id WHERE r.ladder_id = ? ORDER BY r.rung`, ladder)
	if err != nil {
		return nil, fmt.Errorf("rungs of ladder %d: %w", ladder, err)
	}
	defer rows.Close()
	var out []Rung
	for rows.Next() {
		var r Rung
		var joined string
		if err := rows.Scan(&r.Rung, &r.PlayerID, &r.Name, &r.Email, &r.Wins, &r.Losses, &r.Draws, &joined); err != nil {
			return nil, fmt.Errorf("rungs of ladder %d: %w", ladder, err)
		}
		r.JoinedAt = parseTime(joined)
		out = append(out, r)
	}
	return out, rows.Err()
}

// LaddersOf lists the ladders player pid is on.
func (s *Store) LaddersOf(ctx context.Context, pid int64) ([]int64, error) {
	return s.queryIDs(ctx, "ladders of a player", `SELECT ladder_id FROM ladder_rungs WHERE player_id = ? ORDER BY ladder_id`, pid)
}

// SignedOffOnLadders lists the ladders that still hold a player who
// signed off, with that player, for the feature to take them off.
func (s *Store) SignedOffOnLadders(ctx context.Context) ([][2]int64, error) {
	// The rungs are the outer loop (CROSS JOIN): the players on a ladder
	// now, never every player who ever signed up or off.
	rows, err := s.db.QueryContext(ctx, `SELECT r.ladder_id, r.player_id FROM ladder_rungs r CROSS JOIN players p ON p.id = r.player_id
		WHERE p.signed_off_at IS NOT NULL ORDER BY r.ladder_id, r.player_id`)
	if err != nil {
		return nil, fmt.Errorf("signed off on ladders: %w", err)
	}
	defer rows.Close()
	var out [][2]int64
	for rows.Next() {
		var p [2]int64
		if err := rows.Scan(&p[0], &p[1]); err != nil {
			return nil, fmt.Errorf("signed off on ladders: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
