package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLevel(t *testing.T) {
	for s, want := range map[string]Level{"": LevelNormal, "Normal": LevelNormal, "easy": LevelEasy, " facile ": LevelEasy, "STRONG": LevelStrong, "fort": LevelStrong} {
		got, err := ParseLevel(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
	}
	_, err := ParseLevel("expert")
	assert.True(t, IsRefusal(err))
}
