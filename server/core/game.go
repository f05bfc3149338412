package core

import (
	"pbem/engine"
	"pbem/store"
)

// Game is a stored game as the server handles it: its row, its engine
// and its current state, and who wrote the mail in hand.
type Game struct {
	Row   store.Game
	Kind  engine.Game
	State engine.State
	// Sender is the address the mail being handled came from, when it is
	// one of the player's aliases rather than the seat's registered
	// address: answers go back where the player wrote from.
	Sender string
}

// AnswerTo is seat of g as an answer to the mail in hand addresses it: to
// the address that wrote, which the seat's player owns.
func (g Game) AnswerTo(seat int) store.Seat {
	s := g.Row.Seats[seat]
	if g.Sender != "" {
		s.Email = g.Sender
	}
	return s
}
