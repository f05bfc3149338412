package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestLadderOption: the option reads back what it wrote and nothing
// else; a person may not set it (nor a tournament's), and a rematch drops
// both.
func TestLadderOption(t *testing.T) {
	l, c, ok := LadderOf(map[string]string{OptLadder: LadderOption(3, 17)})
	assert.True(t, ok)
	assert.Equal(t, [2]int64{3, 17}, [2]int64{l, c})
	for _, v := range []string{"", "3", "3/x", "0/1", "1/-2"} {
		_, _, ok := LadderOf(map[string]string{OptLadder: v})
		assert.False(t, ok, v)
	}
	assert.True(t, IsServerOption(OptLadder))
	for _, key := range []string{OptLadder, OptTournament} {
		err := RefuseOwnOptions(map[string]string{key: "1/1"})
		require.True(t, engine.IsRefusal(err), key)
	}
	assert.NoError(t, RefuseOwnOptions(map[string]string{OptClock: "72h"}))
	assert.Equal(t, engine.Options{OptClock: "72h"}, ForRematch(map[string]string{OptClock: "72h", OptLadder: "1/2", OptTournament: "3/1"}))
}
