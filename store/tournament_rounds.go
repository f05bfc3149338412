package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// A tournament's life in the store, each step one transaction that checks
// the tournament is still where its caller read it, so that two passes
// (the hook after a game, the Deadlines pass) never do a step twice:
// joining, starting (the seeds given, the invitees who never joined
// dropped), pairing a round, a game's result recorded, a withdrawal, the
// end.

// JoinTournament adds player pid to tournament id, or marks the invited
// seat they hold joined; ErrConflict when the tournament no longer signs
// up, is full, or they joined already.
func (s *Store) JoinTournament(ctx context.Context, id, pid int64) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var status string
		var most, joined int
		err := tx.QueryRowContext(ctx, `SELECT status, max_entrants, (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.joined_at IS NOT NULL)
			FROM tournaments t WHERE id = ?`, id).Scan(&status, &most, &joined)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if status != TournamentSignup || most > 0 && joined >= most {
			return ErrConflict
		}
		now := s.stamp()
		res, err := tx.ExecContext(ctx, `UPDATE tournament_entrants SET joined_at = ? WHERE tournament_id = ? AND player_id = ? AND joined_at IS NULL`, now, id, pid)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		res, err = tx.ExecContext(ctx, `INSERT INTO tournament_entrants (tournament_id, player_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, id, pid, now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("join tournament %d: %w", id, err)
	}
	return nil
}

// LeaveSignup takes player pid out of tournament id while it signs up;
// ErrConflict when it started or they are not in it.
func (s *Store) LeaveSignup(ctx context.Context, id, pid int64) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?
		AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = ?)`, id, pid, id, TournamentSignup)
	if err != nil {
		return fmt.Errorf("leave tournament %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("leave tournament %d: %w", id, ErrConflict)
	}
	return nil
}

// StartTournament closes the sign-up of tournament id: the entrants who
// joined get their seeds (entrant ID → seed), the invitees who never
// joined are dropped, and it runs; ErrConflict when it no longer signs up.
func (s *Store) StartTournament(ctx context.Context, id int64, seeds map[int64]int) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = ? WHERE id = ? AND status = ?`, TournamentRunning, id, TournamentSignup)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = ? AND joined_at IS NULL`, id); err != nil {
			return err
		}
		for entrant, seed := range seeds {
			if _, err := tx.ExecContext(ctx, `UPDATE tournament_entrants SET seed = ? WHERE id = ? AND tournament_id = ?`, seed, entrant, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("start tournament %d: %w", id, err)
	}
	return nil
}

// NewTable is a table of a round to pair: its entrants in seat order; one
// alone is a bye, recorded at once with Points.
type NewTable struct {
	Seats  []int64
	Points []float64 // a bye's; nil for a game
}

// PairRound stores round of tournament id with its tables, and the mails
// that tell it (composed once, in the transaction), only if the
// tournament runs with round-1 its last round paired: ErrConflict when
// another pass paired it first.
func (s *Store) PairRound(ctx context.Context, id int64, round int, tables []NewTable, mails []OutMail) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET round = ? WHERE id = ? AND round = ? AND status = ?`, round, id, round-1, TournamentRunning)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		for i, t := range tables {
			seats, err := json.Marshal(t.Seats)
			if err != nil {
				return err
			}
			var points any
			if t.Points != nil {
				b, err := json.Marshal(t.Points)
				if err != nil {
					return err
				}
				points = string(b)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_games (tournament_id, round, tab, seats, points) VALUES (?, ?, ?, ?, ?)`,
				id, round, i+1, string(seats), points); err != nil {
				return err
			}
		}
		return queueMails(ctx, tx, 0, mails, s.stamp())
	})
	if err != nil {
		return fmt.Errorf("pair round %d of tournament %d: %w", round, id, err)
	}
	return nil
}

// linkTournamentGame ties game to the table row it plays, in the game's
// own transaction: ErrConflict when the table has its game already.
func linkTournamentGame(ctx context.Context, tx *sql.Tx, row, game int64) error {
	res, err := tx.ExecContext(ctx, `UPDATE tournament_games SET game_id = ? WHERE id = ? AND game_id IS NULL AND points IS NULL`, game, row)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("table %d has its game: %w", row, ErrConflict)
	}
	return nil
}

// TableOfGame is the tournament table game plays; ErrNotFound for a game
// of no tournament.
func (s *Store) TableOfGame(ctx context.Context, game int64) (tournament int64, table TournamentTable, err error) {
	var seats string
	var points sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT tournament_id, id, round, tab, seats, points FROM tournament_games WHERE game_id = ?`, game).
		Scan(&tournament, &table.ID, &table.Round, &table.Table, &seats, &points)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, TournamentTable{}, fmt.Errorf("game %d in a tournament: %w", game, ErrNotFound)
	}
	if err != nil {
		return 0, TournamentTable{}, fmt.Errorf("game %d in a tournament: %w", game, err)
	}
	table.GameID = game
	if err := json.Unmarshal([]byte(seats), &table.Seats); err != nil {
		return 0, TournamentTable{}, err
	}
	if points.Valid {
		err = json.Unmarshal([]byte(points.String), &table.Points)
	}
	return tournament, table, err
}

// RecordTable records the points of each seat of table row once:
// ErrConflict when they are recorded already.
func (s *Store) RecordTable(ctx context.Context, row int64, points []float64) error {
	b, err := json.Marshal(points)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE tournament_games SET points = ? WHERE id = ? AND points IS NULL`, string(b), row)
	if err != nil {
		return fmt.Errorf("record table %d: %w", row, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("record table %d: %w", row, ErrConflict)
	}
	return nil
}

// WithdrawEntrant marks entrant of tournament id withdrawn after round;
// ErrConflict when they withdrew already.
func (s *Store) WithdrawEntrant(ctx context.Context, id, entrant int64, round int) error {
	res, err := s.db.ExecContext(ctx, `UPDATE tournament_entrants SET withdrawn = ? WHERE id = ? AND tournament_id = ? AND withdrawn = 0`, max(round, 1), entrant, id)
	if err != nil {
		return fmt.Errorf("withdraw from tournament %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("withdraw from tournament %d: %w", id, ErrConflict)
	}
	return nil
}

// EndTournament moves tournament id from status from to to (finished,
// cancelled) with the mails that tell it; ErrConflict when it is no
// longer in from.
func (s *Store) EndTournament(ctx context.Context, id int64, from, to string, mails []OutMail) error {
	return s.EndTournamentFor(ctx, id, from, to, nil, mails)
}

// EndTournamentFor is EndTournament at the word of mail in (nil for
// none), recorded with it: a player's tournament cancel ID, its answer
// among mails.
func (s *Store) EndTournamentFor(ctx context.Context, id int64, from, to string, in *Inbound, mails []OutMail) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = ? WHERE id = ? AND status = ?`, to, id, from)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		return recordWith(ctx, tx, in, 0, func() ([]OutMail, error) { return mails, nil }, now)
	})
	if err != nil {
		return fmt.Errorf("end tournament %d: %w", id, err)
	}
	return nil
}

// DueTournaments lists, at most limit, the tournaments with a step to
// take at now: signing up with their date passed or their places full;
// running with a table whose game is to create, or whose game is over and
// its result not recorded (a crash between the game's end and the hook
// after it), or with every table recorded (the next round or the end).
//
// Each status is read through tournaments_status alone, in the index's
// order (no sort, no union): the tournaments signing up or running, never
// those over; the two lists are merged here.
func (s *Store) DueTournaments(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	signup, err := s.queryIDs(ctx, "due tournaments", `SELECT id FROM tournaments t WHERE status = ? AND (
			closes_at <= ? OR max_entrants > 0 AND max_entrants <= (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.joined_at IS NOT NULL))
		LIMIT ?`, TournamentSignup, now.UTC().Format(timeFormat), limit)
	if err != nil {
		return nil, err
	}
	running, err := s.queryIDs(ctx, "due tournaments", `SELECT id FROM tournaments t WHERE status = ? AND (
			NOT EXISTS (SELECT 1 FROM tournament_games tg WHERE tg.tournament_id = t.id AND tg.points IS NULL)
			OR EXISTS (SELECT 1 FROM tournament_games tg LEFT JOIN games g ON g.id = tg.game_id
				WHERE tg.tournament_id = t.id AND tg.points IS NULL AND (tg.game_id IS NULL OR g.status <> ?)))
		LIMIT ?`, TournamentRunning, StatusActive, limit)
	if err != nil {
		return nil, err
	}
	ids := append(signup, running...)
	slices.Sort(ids)
	return ids[:min(len(ids), limit)], nil
}
