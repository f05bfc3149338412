package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
)

// LadderSettle is a ladder challenge settled by a LadderWrite: its
// outcome, and the status its challenge ends with when it still waits
// for the defender's answer ("" when it started as a game).
type LadderSettle struct {
	Challenge int64
	Outcome   string
	End       string
}

// LadderWrite is one change of a ladder: its players from the top down as
// they were read (Before) and as they become (After: a player not in
// Before joins, one not in After leaves), the challenges it settles,
// with their records, its mails and the mail that asked for it.
type LadderWrite struct {
	Ladder        int64
	Before, After []int64
	Settle        []LadderSettle
	Mails         []OutMail
	Inbound       *Inbound
}

// WriteLadder writes w in one transaction; ErrConflict when the ladder's
// rungs are no longer Before, or a challenge it settles was settled
// meanwhile (or, to be ended, is no longer pending).
func (s *Store) WriteLadder(ctx context.Context, w LadderWrite) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		if err := writeRungs(ctx, tx, w, now); err != nil {
			return err
		}
		for _, st := range w.Settle {
			if err := settle(ctx, tx, st, now); err != nil {
				return err
			}
		}
		return recordWith(ctx, tx, w.Inbound, 0, func() ([]OutMail, error) { return w.Mails, nil }, now)
	})
	if err != nil {
		return fmt.Errorf("write ladder %d: %w", w.Ladder, err)
	}
	return nil
}

// writeRungs moves the ladder's rungs from w.Before to w.After.
func writeRungs(ctx context.Context, tx *sql.Tx, w LadderWrite, now string) error {
	rows, err := tx.QueryContext(ctx, `SELECT player_id FROM ladder_rungs WHERE ladder_id = ? ORDER BY rung`, w.Ladder)
	if err != nil {
		return err
	}
	var current []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		current = append(current, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if !slices.Equal(current, w.Before) {
		return ErrConflict
	}
	was := make(map[int64]int, len(w.Before)) // each player's place before
	for i, id := range w.Before {
		was[id] = i
	}
	for _, id := range w.Before {
		if !slices.Contains(w.After, id) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM ladder_rungs WHERE ladder_id = ? AND player_id = ?`, w.Ladder, id); err != nil {
				return err
			}
		}
	}
	for i, id := range w.After {
		q := `UPDATE ladder_rungs SET rung = ? WHERE ladder_id = ? AND player_id = ?`
		args := []any{i + 1, w.Ladder, id}
		j, on := was[id]
		switch {
		case on && j == i:
			continue // the rungs that do not move are not written
		case !on:
			q, args = `INSERT INTO ladder_rungs (rung, ladder_id, player_id, joined_at) VALUES (?, ?, ?, ?)`, append(args, now)
		}
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

// settle writes st's outcome once, the records of its two players (those
// still on the ladder) and its challenge's end.
func settle(ctx context.Context, tx *sql.Tx, st LadderSettle, now string) error {
	res, err := tx.ExecContext(ctx, `UPDATE ladder_challenges SET outcome = ?, settled_at = ? WHERE challenge_id = ? AND outcome IS NULL`,
		st.Outcome, now, st.Challenge)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrConflict
	}
	if st.End != "" {
		if err := endChallenge(ctx, tx, st.Challenge, st.End, 0); err != nil {
			return err
		}
	}
	winner, loser := "challenger_id", "defender_id"
	switch st.Outcome {
	case LadderWithdrawn:
		return nil
	case LadderDefended:
		winner, loser = loser, winner
	case LadderDrawn:
		_, err := tx.ExecContext(ctx, `UPDATE ladder_rungs SET draws = draws + 1 WHERE (ladder_id, player_id) IN
			(SELECT ladder_id, challenger_id FROM ladder_challenges WHERE challenge_id = ? UNION SELECT ladder_id, defender_id FROM ladder_challenges WHERE challenge_id = ?)`,
			st.Challenge, st.Challenge)
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE ladder_rungs SET wins = wins + 1 WHERE (ladder_id, player_id) IN
		(SELECT ladder_id, `+winner+` FROM ladder_challenges WHERE challenge_id = ?)`, st.Challenge); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE ladder_rungs SET losses = losses + 1 WHERE (ladder_id, player_id) IN
		(SELECT ladder_id, `+loser+` FROM ladder_challenges WHERE challenge_id = ?)`, st.Challenge)
	return err
}
