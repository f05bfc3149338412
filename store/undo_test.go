package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUndoOfferBoundToItsMove: an offer is written only at the game's
// move number, agreed to in place (keeping when it was made), dropped by a
// decline, and refused once the game moved on.
func TestUndoOfferBoundToItsMove(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	id, err := s.CreateGame(ctx, NewGame{Type: "amplitude", Secret: []byte("k"), State: []byte("s"),
		Seats: []NewSeat{{Email: "ann@example.org"}, {Email: "bob@example.org"}}})
	require.NoError(t, err)
	write := func(from int, o *UndoOffer) error {
		return s.RecordInbound(ctx, Record{GameID: id, Undo: &UndoChange{From: from, Offer: o}})
	}
	_, err = s.UndoOfferOf(ctx, id)
	assert.ErrorIs(t, err, ErrNotFound)
	require.NoError(t, write(0, &UndoOffer{MoveNumber: 0, Turn: 1, Seat: 1, Agreed: []int{1}}))
	made, err := s.UndoOfferOf(ctx, id)
	require.NoError(t, err)
	require.NoError(t, write(0, &UndoOffer{MoveNumber: 0, Turn: 1, Seat: 1, Agreed: []int{0, 1}}))
	agreed, err := s.UndoOfferOf(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, agreed.Agreed)
	assert.True(t, agreed.Agrees(0))
	assert.Equal(t, made.CreatedAt, agreed.CreatedAt)
	require.NoError(t, write(0, nil))
	_, err = s.UndoOfferOf(ctx, id)
	assert.ErrorIs(t, err, ErrNotFound)
	assert.ErrorIs(t, write(3, &UndoOffer{MoveNumber: 3, Turn: 1}), ErrConflict, "the game is at move 0")
}

// TestUndoes: an undo's notation names the turn it takes back; no other
// move's does.
func TestUndoes(t *testing.T) {
	for notation, want := range map[string]int{UndoNotation(12): 12, "undo 0": 0, "undo x": 0, "undone 3": 0, "pass": 0, "undo 3 4": 0} {
		turn, ok := Move{Notation: notation}.Undoes()
		assert.Equal(t, want, turn, notation)
		assert.Equal(t, want > 0, ok, notation)
	}
}
