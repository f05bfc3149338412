package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"pbem/lang"
)

// UndoOffer is a player's offer to take back a turn of a game, waiting for
// the other players' consent. It stands only while the game is at
// MoveNumber, the move number it was made at: any move since drops it,
// and the server reads such an offer as none.
type UndoOffer struct {
	MoveNumber int
	Turn       int   // the turn it takes back, with every move after it
	Seat       int   // the seat that asked
	Agreed     []int // the seats that agreed, the asker's included, in seating order
	CreatedAt  time.Time
}

// Agrees reports whether seat agreed to o.
func (o UndoOffer) Agrees(seat int) bool { return slices.Contains(o.Agreed, seat) }

// UndoChange is what a mail does to a game's offer to take back a turn,
// written with the mail (Record.Undo): Offer made or agreed to, or none
// (nil) when it is declined. From is the game's move number the change
// was decided at: ErrConflict when the game is not active there any more.
type UndoChange struct {
	From  int
	Offer *UndoOffer
}

// UndoOfferOf is game's offer to take back a turn, as last written;
// ErrNotFound when it has none. It may have lapsed: the caller compares
// its MoveNumber with the game's.
func (s *Store) UndoOfferOf(ctx context.Context, game int64) (UndoOffer, error) {
	var o UndoOffer
	var agreed, created string
	err := s.db.QueryRowContext(ctx, `SELECT move_number, turn, seat, agreed, created_at FROM undo_offers WHERE game_id = ?`, game).
		Scan(&o.MoveNumber, &o.Turn, &o.Seat, &agreed, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return UndoOffer{}, fmt.Errorf("undo offer of game %d: %w", game, ErrNotFound)
	}
	if err != nil {
		return UndoOffer{}, fmt.Errorf("undo offer of game %d: %w", game, err)
	}
	if err := json.Unmarshal([]byte(agreed), &o.Agreed); err != nil {
		return UndoOffer{}, fmt.Errorf("undo offer of game %d: agreed: %w", game, err)
	}
	o.CreatedAt = parseTime(created)
	return o, nil
}

// writeUndo writes c, the change to game's offer to take back a turn,
// in tx, at now.
func writeUndo(ctx context.Context, tx *sql.Tx, game int64, c UndoChange, now string) error {
	var active bool
	err := tx.QueryRowContext(ctx, `SELECT move_number = ? AND status = 'active' FROM games WHERE id = ?`, c.From, game).Scan(&active)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !active {
		return fmt.Errorf("undo offer of game %d at move %d: %w", game, c.From, ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("undo offer of game %d: %w", game, err)
	}
	if c.Offer == nil {
		_, err := tx.ExecContext(ctx, `DELETE FROM undo_offers WHERE game_id = ?`, game)
		return err
	}
	agreed, err := json.Marshal(c.Offer.Agreed)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO undo_offers (game_id, move_number, turn, seat, agreed, created_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET move_number = excluded.move_number, turn = excluded.turn, seat = excluded.seat,
		agreed = excluded.agreed, created_at = CASE WHEN undo_offers.move_number = excluded.move_number AND undo_offers.turn = excluded.turn
			THEN undo_offers.created_at ELSE excluded.created_at END`,
		game, c.Offer.MoveNumber, c.Offer.Turn, c.Offer.Seat, string(agreed), now)
	return err
}

// undoWord opens an undo's notation.
const undoWord = "undo "

// UndoNotation is the notation of the move that takes back turn, with
// every move after it: "undo 12". No engine reads it: replaying the
// history restores the state from before that turn.
func UndoNotation(turn int) string { return undoWord + strconv.Itoa(turn) }

// Undoes is the turn m takes back when it is an undo (UndoNotation).
func (m Move) Undoes() (turn int, ok bool) {
	rest, ok := strings.CutPrefix(m.Notation, undoWord)
	if !ok {
		return 0, false
	}
	turn, err := strconv.Atoi(rest)
	return turn, err == nil && turn > 0
}

// UndoSaid is an undo's notation in the reader's words: "undo 12",
// "reprendre 12" in French, as a player writes the command.
func UndoSaid(turn int) lang.Msg { return lang.T("undo %d", turn) }
