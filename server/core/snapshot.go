package core

import (
	"pbem/engine"
	"pbem/store"
)

// Snapshot is a game at one point of its history, for the operator's
// commands: the stored rows and the engine state after move At.
type Snapshot struct {
	Game  store.Game
	Moves []store.Move // the whole history, whatever At is
	At    int
	State engine.State
	Kind  engine.Game
	// Undo is the offer to take back a turn that waits for consent, when
	// the snapshot is of the game as it stands; nil for none.
	Undo *store.UndoOffer
}
