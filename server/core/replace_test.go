package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/chiffres"
)

// The replace options read into the settings, or are refused in a
// sentence; a game of two refuses replace, a game of three takes it.
func TestReadReplace(t *testing.T) {
	cases := []struct {
		opts         engine.Options
		replace, lvl string
		bad          string
	}{
		{nil, "", "", ""},
		{engine.Options{OptReplace: "None"}, "", "", ""},
		{engine.Options{OptReplace: "bot"}, ReplaceBot, "", ""},
		{engine.Options{OptReplace: "offer", OptReplaceLevel: "strong"}, ReplaceOffer, "strong", ""},
		{engine.Options{OptReplace: "bot", OptReplaceLevel: "facile"}, ReplaceBot, "easy", ""},
		{engine.Options{OptReplace: "robot"}, "", "", "none, bot or offer"},
		{engine.Options{OptReplaceLevel: "expert"}, "", "", "easy, normal or strong"},
	}
	for _, c := range cases {
		got, err := ReadSettings(c.opts, chiffres.Game{})
		if c.bad != "" {
			require.Error(t, err, "%v", c.opts)
			assert.Contains(t, err.Error(), c.bad)
			continue
		}
		require.NoError(t, err, "%v", c.opts)
		assert.Equal(t, c.replace, got.Replace, "%v", c.opts)
		assert.Equal(t, c.lvl, got.ReplaceLevel, "%v", c.opts)
		assert.Equal(t, c.replace != "", Replaces(got, 3), "%v", c.opts)
		assert.False(t, Replaces(got, 2), "%v", c.opts)
		if c.replace != "" {
			assert.ErrorContains(t, CheckReplace(got, 2), "three or more players")
		}
		assert.NoError(t, CheckReplace(got, 3))
	}
	assert.True(t, IsServerOption(OptReplace), "the engine never sees it")
	assert.True(t, IsServerOption(OptReplaceLevel))
}
