package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Why a seat changed hands (Holder.Why): what became of the holder before.
const (
	HolderStart     = "start"     // the seat's first holder, from the game's start
	HolderResigned  = "resigned"  // the holder before resigned
	HolderTimeout   = "timeout"   // the holder before ran out of time (timeout forfeit)
	HolderSignoff   = "signoff"   // the holder before signed off from the server
	HolderOperator  = "operator"  // the operator gave the seat (pbem game replace)
	HolderTakeover  = "takeover"  // a player took over the seat on offer
	HolderUnclaimed = "unclaimed" // the seat on offer found no taker in time
)

// OnOffer is the label of a seat on offer, which nobody holds.
const OnOffer = "(on offer)"

// Holder is who held a seat of a game from a move on: a person
// (PlayerID), a computer (Bot) or, while the seat is on offer, nobody.
type Holder struct {
	Seat     int
	FromMove int // the moves played before the holder took the seat
	PlayerID int64
	Email    string
	Name     string
	Bot      string
	BotLevel string
	Why      string
	At       time.Time
}

// Person reports whether h is a person; Vacant whether nobody.
func (h Holder) Person() bool { return h.PlayerID != 0 }

// Vacant reports whether h is nobody: the seat on offer.
func (h Holder) Vacant() bool { return h.PlayerID == 0 && h.Bot == "" }

// SeatChange gives a seat of a running game to a new holder: the person
// at Email (a player created if new, as a game's seats are), else the
// computer Bot at BotLevel, else nobody, the seat on offer until
// OfferedUntil. It is written only while the game is active at move From
// (ErrConflict otherwise), in one transaction with the seat's new reply
// token generation, the game's clock (when Clock is set), the mails, the
// mail that asked for it and the queued mails dropped to Left.
type SeatChange struct {
	GameID       int64
	From         int
	Seat         int
	Email        string
	Bot          string
	BotLevel     string
	OfferedUntil time.Time
	Why          string
	Clock        *Clock
	BotToMove    bool
	Mails        []OutMail
	Inbound      *Inbound
	Left         []string
}

// ChangeSeat writes c.
func (s *Store) ChangeSeat(ctx context.Context, c SeatChange) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		var active bool
		err := tx.QueryRowContext(ctx, `SELECT move_number = ? AND status = 'active' FROM games WHERE id = ?`, c.From, c.GameID).Scan(&active)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if !active {
			return ErrConflict
		}
		if err := keepFirstHolder(ctx, tx, c.GameID, c.Seat, now); err != nil {
			return err
		}
		var player, bot, until any
		switch {
		case c.Email != "":
			pid, err := upsertPlayer(ctx, tx, c.Email, "", now)
			if err != nil {
				return err
			}
			player = pid
		case c.Bot != "":
			bot = c.Bot
		}
		if err := insertHolder(ctx, tx, c.GameID, c.Seat, c.From, player, bot, c.BotLevel, c.Why, now); err != nil {
			return err
		}
		seatBot := bot
		if player == nil && bot == nil {
			seatBot, until = OnOffer, c.OfferedUntil.UTC().Format(timeFormat) // the seats' check wants a label
		}
		if _, err := tx.ExecContext(ctx, `UPDATE seats SET player_id = ?, bot = ?, bot_level = ?, offered_until = ?, token_gen = token_gen + 1 WHERE game_id = ? AND seat = ?`,
			player, seatBot, c.BotLevel, until, c.GameID, c.Seat); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET bot_to_move = ?, updated_at = ? WHERE id = ?`, c.BotToMove, now, c.GameID); err != nil {
			return err
		}
		if c.Clock != nil {
			if err := setClock(ctx, tx, c.GameID, *c.Clock); err != nil {
				return err
			}
		}
		var cause int64
		if c.Inbound != nil {
			if cause, err = insertInbound(ctx, tx, *c.Inbound, c.GameID, now); err != nil {
				return err
			}
		}
		return queueAfterLeaving(ctx, tx, c.GameID, cause, c.Left, c.Mails, now)
	})
	if err != nil {
		return fmt.Errorf("game %d seat %d changes hands: %w", c.GameID, c.Seat+1, err)
	}
	if c.Inbound != nil {
		note(ctx, *c.Inbound, c.GameID)
	}
	return nil
}

// keepFirstHolder writes the seat's holder from the start, as the seats
// row has it, before its first change.
func keepFirstHolder(ctx context.Context, tx *sql.Tx, game int64, seat int, now string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO seat_holders (game_id, seat, from_move, player_id, bot, bot_level, why, at)
		SELECT game_id, seat, 0, player_id, bot, bot_level, ?, ? FROM seats s WHERE game_id = ? AND seat = ?
		AND NOT EXISTS (SELECT 1 FROM seat_holders h WHERE h.game_id = s.game_id AND h.seat = s.seat)`, HolderStart, now, game, seat)
	return err
}

// Holders lists the holders of game's seats that changed hands, by seat,
// then in the order they held it; a seat that never changed has none.
func (s *Store) Holders(ctx context.Context, game int64) ([]Holder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT h.seat, h.from_move, COALESCE(p.id, 0), COALESCE(p.email, ''), COALESCE(p.name, ''),
		COALESCE(h.bot, ''), h.bot_level, h.why, h.at
		FROM seat_holders h LEFT JOIN players p ON p.id = h.player_id WHERE h.game_id = ? ORDER BY h.seat, h.id`, game)
	if err != nil {
		return nil, fmt.Errorf("holders of game %d: %w", game, err)
	}
	defer rows.Close()
	var out []Holder
	for rows.Next() {
		var h Holder
		var at string
		if err := rows.Scan(&h.Seat, &h.FromMove, &h.PlayerID, &h.Email, &h.Name, &h.Bot, &h.BotLevel, &h.Why, &at); err != nil {
			return nil, fmt.Errorf("holders of game %d: %w", game, err)
		}
		h.At = parseTime(at)
		out = append(out, h)
	}
	return out, rows.Err()
}

// OfferedSeat is a seat of an active game on offer.
type OfferedSeat struct {
	GameID int64
	Type   string
	Seat   int
	Until  time.Time
}

// OfferedSeats lists the seats on offer in active games, those due (on
// offer until now or before) alone when due is not zero, the offer ending
// first first. It reads the seats on offer (seats_offered) and their
// games, never the active games.
func (s *Store) OfferedSeats(ctx context.Context, due time.Time) ([]OfferedSeat, error) {
	query := `SELECT g.id, g.game, s.seat, s.offered_until FROM seats s INDEXED BY seats_offered CROSS JOIN games g ON g.id = s.game_id
		WHERE s.offered_until IS NOT NULL AND +g.status = 'active'`
	var args []any
	if !due.IsZero() {
		query += ` AND s.offered_until <= ?`
		args = append(args, due.UTC().Format(timeFormat))
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY s.offered_until`, args...)
	if err != nil {
		return nil, fmt.Errorf("seats on offer: %w", err)
	}
	defer rows.Close()
	var out []OfferedSeat
	for rows.Next() {
		var o OfferedSeat
		var until string
		if err := rows.Scan(&o.GameID, &o.Type, &o.Seat, &until); err != nil {
			return nil, fmt.Errorf("seats on offer: %w", err)
		}
		o.Until = parseTime(until)
		out = append(out, o)
	}
	return out, rows.Err()
}

// importHolders writes the holders of an imported game.
func importHolders(ctx context.Context, tx *sql.Tx, game int64, holders []Holder, now string) error {
	for _, h := range holders {
		var player, bot any
		switch {
		case h.Email != "":
			pid, err := upsertPlayer(ctx, tx, h.Email, h.Name, now)
			if err != nil {
				return err
			}
			player = pid
		case h.Bot != "":
			bot = h.Bot
		}
		at := now
		if !h.At.IsZero() {
			at = h.At.UTC().Format(timeFormat)
		}
		if err := insertHolder(ctx, tx, game, h.Seat, h.FromMove, player, bot, h.BotLevel, h.Why, at); err != nil {
			return fmt.Errorf("holder of seat %d: %w", h.Seat+1, err)
		}
	}
	return nil
}

// insertHolder writes a holder of seat of game from move from: player
// (an ID) or bot (a label), or neither (nobody, the seat on offer).
func insertHolder(ctx context.Context, tx *sql.Tx, game int64, seat, from int, player, bot any, level, why, at string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO seat_holders (game_id, seat, from_move, player_id, bot, bot_level, why, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		game, seat, from, player, bot, level, why, at)
	return err
}
