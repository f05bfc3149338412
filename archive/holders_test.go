package archive

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/store"
)

// TestWhoPlayedEachMove: a seat that changed hands names, for each move,
// its holder then: in the record by address or label, on the page by
// name, never an address.
func TestWhoPlayedEachMove(t *testing.T) {
	g := store.Game{
		Seats: []store.Seat{{Seat: 0, Bot: "Computer"}, {Seat: 1, Email: "bob@x", Name: "Bob"}},
		Holders: []store.Holder{
			{Seat: 0, Email: "ann@x", Why: store.HolderStart},
			{Seat: 0, FromMove: 2, Why: store.HolderResigned},
			{Seat: 0, FromMove: 2, Email: "dan@x", Why: store.HolderTakeover},
			{Seat: 0, FromMove: 4, Bot: "Computer", Why: store.HolderOperator},
		},
	}
	names := Names(g)
	for _, c := range []struct {
		seat, number int
		record, page string
	}{
		{0, 1, "ann@x", "seat 1"}, {0, 2, "ann@x", "seat 1"}, {0, 3, "dan@x", "seat 1"}, {0, 5, "Computer", "Computer"}, {1, 3, "bob@x", "Bob"},
	} {
		assert.Equal(t, c.record, PlayerAt(g, c.seat, c.number), "seat %d move %d", c.seat, c.number)
		assert.Equal(t, c.page, pageNameAt(g, names, c.seat, c.number), "seat %d move %d", c.seat, c.number)
	}
}
