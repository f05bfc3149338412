package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// NewLadderChallenge is a challenge of a ladder's: the challenge (its two
// seats, its expiry the defender's answer time, its invitation among its
// mails) and who challenges whom, stored in one transaction.
type NewLadderChallenge struct {
	Challenge            NewChallenge
	Ladder               int64
	Challenger, Defender int64
}

// CreateLadderChallenge stores c and returns its challenge's ID;
// ErrConflict when the challenger has an open challenge of the ladder's
// as challenger, or the defender as defender.
func (s *Store) CreateLadderChallenge(ctx context.Context, c NewLadderChallenge) (int64, error) {
	opts, err := json.Marshal(nonNil(c.Challenge.Options))
	if err != nil {
		return 0, fmt.Errorf("create ladder challenge: %w", err)
	}
	var id int64
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var busy bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM ladder_challenges WHERE ladder_id = ? AND outcome IS NULL
			AND (challenger_id = ? OR defender_id = ?))`, c.Ladder, c.Challenger, c.Defender).Scan(&busy); err != nil {
			return err
		}
		if busy {
			return ErrConflict
		}
		now := s.stamp()
		if id, err = insertChallenge(ctx, tx, c.Challenge, string(opts), now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ladder_challenges (challenge_id, ladder_id, challenger_id, defender_id) VALUES (?, ?, ?, ?)`,
			id, c.Ladder, c.Challenger, c.Defender); err != nil {
			return err
		}
		return recordWith(ctx, tx, c.Challenge.Inbound, 0, func() ([]OutMail, error) { return c.Challenge.Mails(id) }, now)
	})
	if err != nil {
		return 0, fmt.Errorf("create ladder challenge: %w", err)
	}
	return id, nil
}

const ladderChallengeQuery = `SELECT lc.challenge_id, lc.ladder_id, lc.challenger_id, lc.defender_id, COALESCE(lc.outcome, ''), COALESCE(lc.settled_at, ''),
	c.status, c.expires_at, COALESCE(c.game_id, 0), COALESCE(g.status, '')
	FROM ladder_challenges lc JOIN challenges c ON c.id = lc.challenge_id LEFT JOIN games g ON g.id = c.game_id `

func (s *Store) ladderChallenges(ctx context.Context, where string, args ...any) ([]LadderChallenge, error) {
	rows, err := s.db.QueryContext(ctx, ladderChallengeQuery+where, args...)
	if err != nil {
		return nil, fmt.Errorf("ladder challenges: %w", err)
	}
	defer rows.Close()
	var out []LadderChallenge
	for rows.Next() {
		var c LadderChallenge
		var settled, expires string
		if err := rows.Scan(&c.Challenge, &c.Ladder, &c.Challenger, &c.Defender, &c.Outcome, &settled, &c.Status, &expires, &c.GameID, &c.GameStatus); err != nil {
			return nil, fmt.Errorf("ladder challenges: %w", err)
		}
		c.ExpiresAt = parseTime(expires)
		if settled != "" {
			c.SettledAt = parseTime(settled)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// LadderChallengeByID is the ladder challenge of challenge id;
// ErrNotFound when that challenge is no ladder's.
func (s *Store) LadderChallengeByID(ctx context.Context, id int64) (LadderChallenge, error) {
	return s.oneLadderChallenge(ctx, "challenge", id, `WHERE lc.challenge_id = ?`, id)
}

// LadderChallengeOfGame is the ladder challenge game was started by;
// ErrNotFound when it is no ladder's game.
func (s *Store) LadderChallengeOfGame(ctx context.Context, game int64) (LadderChallenge, error) {
	return s.oneLadderChallenge(ctx, "game", game, `WHERE c.game_id = ?`, game)
}

func (s *Store) oneLadderChallenge(ctx context.Context, what string, id int64, where string, arg any) (LadderChallenge, error) {
	cs, err := s.ladderChallenges(ctx, where, arg)
	if err != nil {
		return LadderChallenge{}, err
	}
	if len(cs) == 0 {
		return LadderChallenge{}, fmt.Errorf("ladder challenge of %s %d: %w", what, id, ErrNotFound)
	}
	return cs[0], nil
}

// OpenLadderChallenges lists ladder's challenges not settled yet, the
// oldest first.
func (s *Store) OpenLadderChallenges(ctx context.Context, ladder int64) ([]LadderChallenge, error) {
	return s.ladderChallenges(ctx, `WHERE lc.ladder_id = ? AND lc.outcome IS NULL ORDER BY lc.challenge_id`, ladder)
}

// LadderChallengesToSettle lists the open ladder challenges whose
// challenge ended or whose game is over: what a crash between a game's
// end and its result left unsettled.
func (s *Store) LadderChallengesToSettle(ctx context.Context) ([]LadderChallenge, error) {
	return s.ladderChallenges(ctx, `WHERE lc.outcome IS NULL AND c.status != 'pending' AND (c.status != 'started' OR g.status != 'active')
		ORDER BY lc.ladder_id, lc.challenge_id`) // the order of ladder_challenges_open: only the open ones read
}

// LastHeld is when defender last held off challenger on ladder (the
// defender won, or a draw); zero when never.
func (s *Store) LastHeld(ctx context.Context, ladder, challenger, defender int64) (time.Time, error) {
	var at sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT MAX(settled_at) FROM ladder_challenges WHERE ladder_id = ? AND challenger_id = ? AND defender_id = ?
		AND outcome IN ('defended', 'drawn')`, ladder, challenger, defender).Scan(&at)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, fmt.Errorf("last challenge of %d by %d: %w", defender, challenger, err)
	}
	if !at.Valid {
		return time.Time{}, nil
	}
	return parseTime(at.String), nil
}
