package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Vacation is one of a player's vacations: their clocks stop from Start
// to End, which "back" moves up.
type Vacation struct {
	ID         int64
	Start, End time.Time
}

// Vacations lists a player's vacations that end after since, in the
// order they end (the vacations_player index's): the ones that count
// against a limit over a window, and the one under way.
func (s *Store) Vacations(ctx context.Context, playerID int64, since time.Time) ([]Vacation, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, started_at, ends_at FROM vacations WHERE player_id = ? AND ends_at > ? ORDER BY ends_at`,
		playerID, since.UTC().Format(timeFormat))
	if err != nil {
		return nil, fmt.Errorf("vacations of player %d: %w", playerID, err)
	}
	defer rows.Close()
	var out []Vacation
	for rows.Next() {
		var v Vacation
		var start, end string
		if err := rows.Scan(&v.ID, &start, &end); err != nil {
			return nil, fmt.Errorf("vacations of player %d: %w", playerID, err)
		}
		v.Start, v.End = parseTime(start), parseTime(end)
		out = append(out, v)
	}
	return out, rows.Err()
}

// OnVacation is the vacation under way for a player at now, if any.
func (s *Store) OnVacation(ctx context.Context, playerID int64, now time.Time) (Vacation, bool, error) {
	var v Vacation
	var start, end string
	err := s.db.QueryRowContext(ctx, `SELECT id, started_at, ends_at FROM vacations WHERE player_id = ? AND started_at <= ? AND ends_at > ?
		ORDER BY ends_at DESC LIMIT 1`, playerID, now.UTC().Format(timeFormat), now.UTC().Format(timeFormat)).Scan(&v.ID, &start, &end)
	if errors.Is(err, sql.ErrNoRows) {
		return Vacation{}, false, nil
	}
	if err != nil {
		return Vacation{}, false, fmt.Errorf("vacation of player %d: %w", playerID, err)
	}
	v.Start, v.End = parseTime(start), parseTime(end)
	return v, true, nil
}

// VacationChange is a vacation and the changes it makes to the clocks of a
// player's games, written with it.
type VacationChange struct {
	PlayerID int64
	Vacation Vacation // a new one (ID 0), or one under way with its new End
	Clocks   []ClockChange
	Mails    []OutMail // to the player and their opponents, about no one game
	Inbound  *Inbound  // the mail that asked for it, if any
}

// ChangeVacation writes a vacation and the clocks it stops or restarts in
// one transaction: every clock change must apply (ErrConflict otherwise,
// and nothing is written), so that a game that moved meanwhile is never
// left with a clock the vacation did not see.
func (s *Store) ChangeVacation(ctx context.Context, c VacationChange) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		v := c.Vacation
		if v.ID == 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO vacations (player_id, started_at, ends_at) VALUES (?, ?, ?)`,
				c.PlayerID, v.Start.UTC().Format(timeFormat), v.End.UTC().Format(timeFormat)); err != nil {
				return err
			}
		} else if _, err := tx.ExecContext(ctx, `UPDATE vacations SET ends_at = ? WHERE id = ? AND player_id = ?`,
			v.End.UTC().Format(timeFormat), v.ID, c.PlayerID); err != nil {
			return err
		}
		for _, cc := range c.Clocks {
			if err := changeClock(ctx, tx, cc, now); err != nil {
				return err
			}
		}
		return answered(ctx, tx, c.Inbound, c.Mails, now)
	})
	if err != nil {
		return fmt.Errorf("vacation of player %d: %w", c.PlayerID, err)
	}
	return nil
}

// ActiveGamesOf lists the active games where the player has a seat.
func (s *Store) ActiveGamesOf(ctx context.Context, playerID int64) ([]int64, error) {
	return s.queryIDs(ctx, fmt.Sprintf("games of player %d", playerID), activeGamesOfQuery, playerID)
}

// activeGamesOfQuery reads the player's seats from seats_player in the
// order of their games (version 27), so that neither DISTINCT nor ORDER
// BY sorts, and each game by its ID; the unary + keeps the status test
// off games_status, whose equality a planner without statistics would
// take for the cheaper way in, reading every active game.
const activeGamesOfQuery = `SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
	WHERE s.player_id = ? AND +g.status = 'active' ORDER BY s.game_id`
