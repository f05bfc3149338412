package chiffres

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestEndingNamesTheSeat: the ending a mail shows names the player as the
// game names them, not "seat 2".
func TestEndingNamesTheSeat(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	for !st.Over() {
		m, err := st.BotMove(st.ToMove())
		require.NoError(t, err)
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err)
	}
	require.Equal(t, endOut, st.(*State).end, "seed 1 ends with a hand emptied")
	view := engine.View{Names: []string{"Ann", "Bob"}}
	got := engine.Ending(st, view)
	assert.Regexp(t, `^(Ann|Bob) placed every token held`, got)
	assert.Equal(t, st.(*State).Ending(), engine.Ending(st, engine.View{}), "without names, the plain ending")
}
