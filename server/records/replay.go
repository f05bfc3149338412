package records

import (
	"fmt"

	"pbem/engine"
	"pbem/store"
)

// replay plays a recorded move again on st: its canonical notation, parsed
// by the engine and applied for its seat, must come out as recorded, with
// the same notation, score and kind (a turn or an aside). Verify replays
// the stored moves through it and Import an archive's, so that a move one
// takes the other takes too. Its errors say what differs; the caller
// names the move.
func replay(kind engine.Game, st engine.State, m store.Move) (engine.State, engine.Outcome, error) {
	move, err := kind.Parse(m.Notation)
	if err != nil {
		return nil, engine.Outcome{}, err
	}
	next, out, err := st.Apply(m.Seat, move)
	if err != nil {
		return nil, engine.Outcome{}, err
	}
	switch {
	case out.Move != m.Notation:
		return nil, engine.Outcome{}, fmt.Errorf("the engine plays it as %q", out.Move)
	case out.Score != m.Score:
		return nil, engine.Outcome{}, fmt.Errorf("the engine scores it %d, and the record says %d", out.Score, m.Score)
	// A resignation out of turn recorded before asides were (schema
	// version 9) reads as a turn: it was numbered as one.
	case out.Aside != m.Aside && !(out.Aside && m.Notation == "resign"):
		return nil, engine.Outcome{}, fmt.Errorf("the engine plays it as aside %v, and the record says %v", out.Aside, m.Aside)
	}
	return next, out, nil
}
