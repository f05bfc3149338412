package core

import (
	"fmt"

	"pbem/engine"
	"pbem/store"
)

// StateAfter is game g's state after its move at (0 for the start): a new
// game from its seed and options, else the state stored with that move of
// its history moves. Snapshot reads a past position with it, ArchivePage
// every one, and Verify the start it replays from.
func StateAfter(kind engine.Game, g store.Game, moves []store.Move, at int) (engine.State, error) {
	if at == 0 {
		st, err := kind.New(EngineOptions(g.Options), g.Seed, len(g.Seats))
		if err != nil {
			return nil, fmt.Errorf("game %d: start again: %w", g.ID, err)
		}
		return st, nil
	}
	st, err := kind.Decode(moves[at-1].State)
	if err != nil {
		return nil, fmt.Errorf("game %d move %d: %w", g.ID, moves[at-1].Number, err)
	}
	return st, nil
}
