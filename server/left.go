package server

import (
	"context"
	"fmt"
	"slices"

	"pbem/engine"
	"pbem/store"
)

// leftAddresses are the addresses of game g's seats that left it, by
// resigning or forfeiting on time, in its history or in fresh, the moves
// that finish it: the mails still queued to them are dropped with the
// game's end (store.Commit.Left). An address that also holds a seat still
// playing is not one of them.
func (s *Server) leftAddresses(ctx context.Context, g store.Game, fresh []store.Move) ([]string, error) {
	history, err := s.store.Moves(ctx, g.ID)
	if err != nil {
		return nil, fmt.Errorf("game %d: who left: %w", g.ID, err)
	}
	resigned := make([]bool, len(g.Seats))
	for _, m := range append(history, fresh...) {
		if m.Seat >= 0 && m.Seat < len(resigned) && (m.Notation == engine.WordResign.Notation(false) || m.Notation == engine.WordResign.Notation(true)) {
			resigned[m.Seat] = true
		}
	}
	var left, staying []string
	for _, seat := range g.Seats {
		switch {
		case seat.Bot != "":
		case resigned[seat.Seat]:
			left = append(left, seat.Email)
		default:
			staying = append(staying, seat.Email)
		}
	}
	return slices.DeleteFunc(left, func(a string) bool { return slices.Contains(staying, a) }), nil
}
