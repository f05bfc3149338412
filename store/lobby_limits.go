package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// EndedStatuses are the statuses of a game that is over: every other
// status (active, or one waiting for its players) counts as running
// against the limit of games a player may have going.
var EndedStatuses = []string{StatusFinished, StatusAborted}

// GamesStartedBy lists when each game player pid started after since,
// oldest first: their challenges, whatever became of them, when each was
// made, and the games they created at once (against the computer), a game
// a challenge started counting as that challenge.
func (s *Store) GamesStartedBy(ctx context.Context, pid int64, since time.Time) ([]time.Time, error) {
	after := since.UTC().Format(timeFormat)
	rows, err := s.db.QueryContext(ctx, `SELECT created_at FROM games WHERE created_by = ? AND created_at > ?
			AND id NOT IN (SELECT game_id FROM challenges WHERE created_by = ? AND game_id IS NOT NULL)
		UNION ALL SELECT created_at FROM challenges WHERE created_by = ? AND created_at > ?
		ORDER BY created_at`, pid, after, pid, pid, after)
	if err != nil {
		return nil, fmt.Errorf("games started by player %d: %w", pid, err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var at string
		if err := rows.Scan(&at); err != nil {
			return nil, fmt.Errorf("games started by player %d: %w", pid, err)
		}
		out = append(out, parseTime(at))
	}
	return out, rows.Err()
}

// GamesRunningBy counts the games player pid started that are not over,
// with their challenges still waiting for players, and the games going on
// in which they hold a seat they took over (a takeover counts as a game
// joined), those they started aside.
func (s *Store) GamesRunningBy(ctx context.Context, pid int64) (int, error) {
	args := []any{pid}
	for _, st := range EndedStatuses {
		args = append(args, st)
	}
	args = append(args, pid, pid, pid, pid)
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM games WHERE created_by = ? AND status NOT IN (?`+strings.Repeat(", ?", len(EndedStatuses)-1)+`))
		+ (SELECT COUNT(*) FROM challenges WHERE created_by = ? AND status = 'pending')
		+ (SELECT COUNT(DISTINCT s.game_id) FROM seats s JOIN games g ON g.id = s.game_id
			WHERE s.player_id = ? AND +g.status = 'active' AND COALESCE(g.created_by, 0) != ?
			AND EXISTS (SELECT 1 FROM seat_holders h WHERE h.game_id = s.game_id AND h.seat = s.seat AND h.player_id = ? AND h.why = 'takeover'))`, args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("games running by player %d: %w", pid, err)
	}
	return n, nil
}

// Spend counts one more under l, in a transaction of its own, and reports
// whether l had none left (the count is then unchanged): the lobby's
// hourly limit of mails per address, counted as each mail comes, before it
// is handled. A crash between the two counts a mail that is then handled
// again: one too many, never one too few.
func (s *Store) Spend(ctx context.Context, l Limit) (held bool, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		key, err := s.replyHeld(ctx, tx, []Limit{l})
		held = key != ""
		return err
	})
	if err != nil {
		return false, fmt.Errorf("limit %s: %w", l.Key, err)
	}
	return held, nil
}
