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

// line is a game's history replayed so far: the state after each move
// (the start first) and where each turn came, so that an undo finds the
// state it restores.
type line struct {
	kind   engine.Game
	states []engine.State
	// before is, by turn number, how many moves came before the turn.
	before map[int]int
	turns  int // the turns replayed
}

// newLine is a replay of a game of kind from start.
func newLine(kind engine.Game, start engine.State) *line {
	return &line{kind: kind, states: []engine.State{start}, before: map[int]int{}}
}

// play replays m, the history's next move: an undo (store.UndoNotation)
// restores the state from before the turn it takes back, as replayed; any
// other move replays through its engine (replay). Turns are numbered as
// the store numbers them: a move recorded as an aside takes none.
func (l *line) play(m store.Move) (engine.State, engine.Outcome, error) {
	next, out, err := l.next(m)
	if err != nil {
		return nil, engine.Outcome{}, err
	}
	if !m.Aside {
		l.turns++
		l.before[l.turns] = len(l.states) - 1
	}
	l.states = append(l.states, next)
	return next, out, nil
}

// next is the state m leaves, and what it did.
func (l *line) next(m store.Move) (engine.State, engine.Outcome, error) {
	turn, undo := m.Undoes()
	if !undo {
		return replay(l.kind, l.states[len(l.states)-1], m)
	}
	at, played := l.before[turn]
	switch {
	case !played:
		return nil, engine.Outcome{}, fmt.Errorf("it takes back turn %d, which was not played before it", turn)
	case !m.Aside || m.Score != 0:
		return nil, engine.Outcome{}, fmt.Errorf("an undo is an aside that scores nothing, and the record says aside %v, %d points", m.Aside, m.Score)
	}
	return l.states[at], engine.Outcome{Move: m.Notation, Aside: true}, nil
}
