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
}

// Result is the placings the store applies to the ratings when moves,
// which leave game g in state after, finish it, and nil when they do not
// or the game is unrated. It goes in the commit of those moves, so the
// game counts once however often the commit is tried.
func Result(ctx context.Context, st Store, g store.Game, after engine.State, moves []store.Move) ([]store.Placing, error) {
	if g.Status != store.StatusActive || after == nil || !after.Over() {
		return nil, nil
	}
	for _, seat := range g.Seats {
		if seat.Bot != "" || seat.PlayerID == 0 {
			return nil, nil
		}
	}
	left, err := resignations(ctx, st, g, after, moves)
	if err != nil {
		return nil, err
	}
	p := Places(after, left)
	out := make([]store.Placing, len(g.Seats))
	for i, seat := range g.Seats {
		out[i] = store.Placing{PlayerID: seat.PlayerID, Place: p[i]}
	}
	return out, nil
}

// resignations lists the seats of game g, finished by moves in state
// after, that left it, in the order they left: a seat's resignation is
// the last move it made, whatever its notation ("resign", a forfeit on
// time).
func resignations(ctx context.Context, st Store, g store.Game, after engine.State, moves []store.Move) ([]int, error) {
	res, ok := after.(resigner)
	if !ok {
		return nil, nil
	}
	var left []int
	for seat := range g.Seats {
		if res.Resigned(seat) {
			left = append(left, seat)
		}
	}
	if len(left) < 2 {
		return left, nil
	}
	stored, err := st.Moves(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	last := map[int]int{}
	for i, m := range append(stored, moves...) {
		last[m.Seat] = i
	}
	slices.SortFunc(left, func(a, b int) int { return last[a] - last[b] })
	return left, nil
}
