package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// ImportedGame is a game rebuilt from an archive (game import): its
// creation as by CreateGame, and its whole history, replayed by the caller.
type ImportedGame struct {
	// Game is the game as created: its type, options, seed, secret, initial
	// state and seats, the clock of the player to move and BotToMove. Its
	// Invite, Challenge, Inbound and CreatedBy are not read: an import
	// sends no mail and answers no one.
	Game NewGame
	// CreatedAt is when the game was first created; zero for now.
	CreatedAt time.Time
	// Moves are the history, numbered from 1, each with its Turn, State and
	// CreatedAt (zero for now).
	Moves []Move
	// Status is the game's status after the moves.
	Status string
	// Holders are the holders of the seats that changed hands (Holders);
	// Game.Seats are the seats as they are after the moves.
	Holders []Holder
}

// ImportGame writes an imported game in one transaction, with its seats
// (creating the players met for the first time, naming those who had no
// name), its moves and the state after the last, every move counted as
// told: no mail waits for it. Ratings do not change. It returns the new
// game's ID.
func (s *Store) ImportGame(ctx context.Context, imp ImportedGame) (int64, error) {
	g := imp.Game
	state, turns := g.State, 0
	for _, m := range imp.Moves {
		state = m.State
		if !m.Aside {
			turns++
		}
	}
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		created := now
		if !imp.CreatedAt.IsZero() {
			created = imp.CreatedAt.UTC().Format(timeFormat)
		}
		g.CreatedBy = 0 // an import answers no one
		row := gameRow{NewGame: g, status: imp.Status, state: state, moves: len(imp.Moves), turns: turns, notified: len(imp.Moves), createdAt: created}
		var err error
		if id, err = insertGame(ctx, tx, row, now); err != nil {
			return err
		}
		for i, m := range imp.Moves {
			at := now
			if !m.CreatedAt.IsZero() {
				at = m.CreatedAt.UTC().Format(timeFormat)
			}
			if err := insertMove(ctx, tx, id, i+1, m, at); err != nil {
				return fmt.Errorf("move %d: %w", i+1, err)
			}
		}
		return importHolders(ctx, tx, id, imp.Holders, now)
	})
	if err != nil {
		return 0, fmt.Errorf("import game: %w", err)
	}
	return id, nil
}
