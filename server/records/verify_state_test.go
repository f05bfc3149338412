package records

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/ludicitude"
)

// TestSameStateReadsEarlierEncodings: a Ludicitude state stored in the
// first encoding, with the hash of every position, is the same as its
// replay, which encodes in the current one; a different state is not.
func TestSameStateReadsEarlierEncodings(t *testing.T) {
	stored, err := os.ReadFile("../../engine/ludicitude/testdata/state-v1.json")
	require.NoError(t, err)
	moves, err := os.ReadFile("../../engine/ludicitude/testdata/state-v1.moves")
	require.NoError(t, err)
	g := ludicitude.Game{}
	st, err := g.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
	require.NoError(t, err)
	var before engine.State
	for _, text := range strings.Split(strings.TrimSpace(string(moves)), "\n") {
		m, err := g.Parse(text)
		require.NoError(t, err)
		before = st
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err, text)
	}
	data, err := st.Encode()
	require.NoError(t, err)
	require.NotEqual(t, string(stored), string(data), "the replay encodes in the current encoding")
	assert.NoError(t, sameState(g, st, stored))
	assert.NoError(t, sameState(g, st, data))
	assert.EqualError(t, sameState(g, before, stored), "the replayed state differs from the stored one")
	assert.ErrorContains(t, sameState(g, st, []byte("{}")), "the stored state cannot be read")
}
