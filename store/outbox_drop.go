package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Reasons a queued mail is dropped, its last_error: no player would want
// it any more, however long the relay would take.
const (
	DroppedAborted = "not sent: the game was aborted"
	DroppedLeft    = "not sent: the game is over, and the player had left it"
)

// AbortGame stops active game id for good and drops its mails still
// queued (abandoned, DroppedAborted), in one transaction: a turn mail of
// a game that is no more would only be retried, and read, in vain.
// ErrNotFound without the game, ErrConflict when it is not active.
func (s *Store) AbortGame(ctx context.Context, id int64) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		res, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = ?`, StatusAborted, now, id, StatusActive)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var status string
			err := tx.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&status)
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			if err != nil {
				return err
			}
			return fmt.Errorf("game %d is %s: %w", id, status, ErrConflict)
		}
		return dropQueued(ctx, tx, id, nil, DroppedAborted, now)
	})
	if err != nil {
		return fmt.Errorf("abort game %d: %w", id, err)
	}
	return nil
}

// dropQueued abandons, with why, game's mails not sent yet: to the
// recipients given, or every one when none is.
func dropQueued(ctx context.Context, tx *sql.Tx, game int64, recipients []string, why, now string) error {
	query := `UPDATE outbox SET abandoned_at = ?, last_error = ? WHERE game_id = ? AND sent_at IS NULL AND abandoned_at IS NULL`
	args := []any{now, why, game}
	if len(recipients) > 0 {
		query += ` AND recipient IN (?` + strings.Repeat(", ?", len(recipients)-1) + `)`
		for _, r := range recipients {
			args = append(args, r)
		}
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return fmt.Errorf("drop the queued mails of game %d: %w", game, err)
	}
	return nil
}
