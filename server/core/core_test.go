package core

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/store"
)

// An answer goes back to the address that wrote, an alias of the seat's
// player, and else to the seat's own address.
func TestAnswerTo(t *testing.T) {
	g := Game{Row: store.Game{Seats: []store.Seat{{Seat: 0, Email: "ann@example.org"}, {Seat: 1, Email: "bob@example.org"}}}}
	assert.Equal(t, "bob@example.org", g.AnswerTo(1).Email)
	g.Sender = "bob@work.example"
	assert.Equal(t, "bob@work.example", g.AnswerTo(1).Email)
	assert.Equal(t, "ann@example.org", g.Row.Seats[0].Email, "the stored seat is not changed")
}

func TestOneLineIf(t *testing.T) {
	s := "a sentence\nbroken  for the\ttext part"
	assert.Equal(t, s, OneLineIf(false, s))
	assert.Equal(t, "a sentence broken for the text part", OneLineIf(true, s))
}
