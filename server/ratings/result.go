package ratings

import (
	"context"
	"slices"

	"pbem/engine"
	"pbem/store"
)

// Store is what ratings reads of the store.
type Store interface {
	Moves(ctx context.Context, game int64) ([]store.Move, error)
	Ratings(ctx context.Context, game string) ([]store.Rating, error)
	Holders(ctx context.Context, game int64) ([]store.Holder, error)
}

// Result is the placings the store applies to the ratings when moves,
// which leave game g in state after, finish it, and nil when they do not
// or the game is unrated. It goes in the commit of those moves, so the
// game counts once however often the commit is tried. The people rated
// are the seats' holders from the start (see the rules above).
func Result(ctx context.Context, st Store, g store.Game, after engine.State, moves []store.Move) ([]store.Placing, error) {
	if g.Status != store.StatusActive || after == nil || !after.Over() {
		return nil, nil
	}
	holders, err := st.Holders(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	first, leftAt := startHolders(g, holders)
	for _, seat := range first {
		if seat.Bot != "" || seat.PlayerID == 0 {
			return nil, nil
		}
	}
	left, err := leavers(ctx, st, g, after, moves, leftAt)
	if err != nil {
		return nil, err
	}
	p := Places(after, left)
	out := make([]store.Placing, len(first))
	for i, seat := range first {
		out[i] = store.Placing{PlayerID: seat.PlayerID, Place: p[i]}
	}
	return out, nil
}

// startHolders are the seats of g as they were at its start, and for
// each seat that changed hands the move number its first holder left it
// at (the moves played before).
func startHolders(g store.Game, holders []store.Holder) ([]store.Seat, map[int]int) {
	first := slices.Clone(g.Seats)
	leftAt := map[int]int{}
	for _, h := range holders {
		if h.Seat < 0 || h.Seat >= len(first) {
			continue
		}
		if h.Why == store.HolderStart {
			first[h.Seat] = store.Seat{Seat: h.Seat, PlayerID: h.PlayerID, Email: h.Email, Name: h.Name, Bot: h.Bot}
			continue
		}
		if _, ok := leftAt[h.Seat]; !ok {
			leftAt[h.Seat] = h.FromMove
		}
	}
	return first, leftAt
}

// leavers lists the seats of game g, finished by moves in state after,
// whose first holder left it, in the order they left: a seat resigned in
// the engine at the last move it made, whatever its notation ("resign",
// a forfeit on time); a seat that changed hands (leftAt) when it did,
// after the moves played by then.
func leavers(ctx context.Context, st Store, g store.Game, after engine.State, moves []store.Move, leftAt map[int]int) ([]int, error) {
	when := map[int]int{} // twice the moves played by the leaving, plus one for a change of hands
	for seat, at := range leftAt {
		when[seat] = 2*at + 1
	}
	if res, ok := after.(resigner); ok {
		var stored []store.Move
		for seat := range g.Seats {
			if _, changed := leftAt[seat]; !res.Resigned(seat) || changed {
				continue
			}
			if stored == nil {
				var err error
				if stored, err = st.Moves(ctx, g.ID); err != nil {
					return nil, err
				}
				stored = append(slices.Clip(stored), moves...)
			}
			for i, m := range stored {
				if m.Seat == seat {
					when[seat] = 2 * (i + 1)
				}
			}
		}
	}
	left := make([]int, 0, len(when))
	for seat := range when {
		left = append(left, seat)
	}
	slices.SortFunc(left, func(a, b int) int { return when[a] - when[b] })
	return left, nil
}
