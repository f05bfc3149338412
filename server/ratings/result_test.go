package ratings

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// heldStore is the store Result reads: a game's moves and its holders.
type heldStore struct {
	moves   []store.Move
	holders []store.Holder
}

func (h heldStore) Moves(context.Context, int64) ([]store.Move, error) { return h.moves, nil }
func (h heldStore) Ratings(context.Context, string) ([]store.Rating, error) {
	return nil, nil
}
func (h heldStore) Holders(context.Context, int64) ([]store.Holder, error) { return h.holders, nil }

// TestResultRatesTheFirstHolders: a seat a computer took over leaves the
// game rated between its people, its first holder placed as one who left
// then, before a later resignation; a person who took over is not rated;
// a seat a computer held from the start makes the game unrated.
func TestResultRatesTheFirstHolders(t *testing.T) {
	ctx := context.Background()
	g := store.Game{ID: 1, Status: store.StatusActive, Seats: []store.Seat{
		{Seat: 0, Bot: "Computer"}, {Seat: 1, PlayerID: 2, Email: "bob@x"}, {Seat: 2, PlayerID: 9, Email: "dan@x"}, {Seat: 3, PlayerID: 4, Email: "dee@x"},
	}}
	over := overState{resigningState{placedState{scores: []int{90, 40, 60, 10}, winners: []int{0}, resigned: []bool{false, false, false, true}}}}
	st := heldStore{
		moves: []store.Move{{Seat: 0}, {Seat: 1}, {Seat: 2}, {Seat: 3}, {Seat: 0}, {Seat: 1}, {Seat: 2}, {Seat: 3, Notation: "resign"}},
		holders: []store.Holder{
			{Seat: 0, PlayerID: 1, Email: "ann@x", Why: store.HolderStart}, {Seat: 0, FromMove: 2, Bot: "Computer", Why: store.HolderTimeout},
			{Seat: 2, PlayerID: 3, Email: "cat@x", Why: store.HolderStart}, {Seat: 2, FromMove: 5, Why: store.HolderResigned},
			{Seat: 2, FromMove: 6, PlayerID: 9, Email: "dan@x", Why: store.HolderTakeover},
		},
	}
	got, err := Result(ctx, st, g, over, nil)
	require.NoError(t, err)
	assert.Equal(t, []store.Placing{{PlayerID: 1, Place: 4}, {PlayerID: 2, Place: 1}, {PlayerID: 3, Place: 3}, {PlayerID: 4, Place: 2}}, got,
		"Bob played on; Dee resigned at move 8, after Cat left at 5 and Ann at 2; Dan is not rated")

	fromStart := g
	fromStart.Seats = append([]store.Seat{{Seat: 0, Bot: "Robot"}}, g.Seats[1:]...)
	got, err = Result(ctx, heldStore{moves: st.moves}, fromStart, over, nil)
	require.NoError(t, err)
	assert.Nil(t, got, "a computer from the start: unrated")
}

// overState is a resigningState that is over.
type overState struct{ resigningState }

func (overState) Over() bool { return true }
