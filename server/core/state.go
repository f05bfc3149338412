package core

import (
	"crypto/rand"
	"fmt"

	"pbem/engine"
	"pbem/store"
)

// NewSecret is the key of a game's reply tokens.
func NewSecret() ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("game secret: %w", err)
	}
	return b, nil
}

// Status is the store status matching an engine state.
func Status(st engine.State) string {
	if st.Over() {
		return store.StatusFinished
	}
	return store.StatusActive
}

// BotToMove reports whether a computer seat is to play in game g, now in
// state st: not a seat on offer, which waits for a player.
func BotToMove(g store.Game, st engine.State) bool {
	seat := st.ToMove()
	return !st.Over() && seat >= 0 && g.Seats[seat].Bot != "" && g.Seats[seat].Offered.IsZero()
}
