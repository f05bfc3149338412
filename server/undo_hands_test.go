package server

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/store"
)

// TestHandsChangedAfter: a turn is held off from an undo by a seat that
// changed hands after it was played, not by one that changed before nor
// by the first holders' rows.
func TestHandsChangedAfter(t *testing.T) {
	holders := []store.Holder{{Seat: 2, FromMove: 0, Why: store.HolderStart}, {Seat: 2, FromMove: 4, Why: store.HolderResigned}}
	for _, tc := range []struct {
		at   int
		want bool
	}{{0, true}, {3, true}, {4, false}, {9, false}} {
		assert.Equal(t, tc.want, handsChangedAfter(holders, tc.at), "a turn after %d moves", tc.at)
	}
	assert.False(t, handsChangedAfter(nil, 0))
}
