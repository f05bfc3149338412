package records

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/chiffres"
	"pbem/store"
)

// TestLineReplaysUndos: an undo restores the very state from before the
// turn it names; one naming a turn not played, or recorded as a turn, or
// scoring, does not replay.
func TestLineReplaysUndos(t *testing.T) {
	g := chiffres.Game{}
	start, err := g.New(nil, 3, 2)
	require.NoError(t, err)
	l := newLine(g, start)
	first, err := start.BotMove(start.ToMove())
	require.NoError(t, err)
	next, out, err := start.Apply(start.ToMove(), first)
	require.NoError(t, err)
	_, _, err = l.play(store.Move{Seat: start.ToMove(), Notation: out.Move, Score: out.Score})
	require.NoError(t, err)

	for _, bad := range []store.Move{
		{Notation: store.UndoNotation(2), Aside: true},
		{Notation: store.UndoNotation(1)},
		{Notation: store.UndoNotation(1), Aside: true, Score: 3},
	} {
		_, _, err := l.play(bad)
		assert.Error(t, err, "%+v", bad)
	}
	back, out, err := l.play(store.Move{Seat: next.ToMove(), Notation: store.UndoNotation(1), Aside: true})
	require.NoError(t, err)
	assert.Same(t, start, back)
	assert.True(t, out.Aside)
}
