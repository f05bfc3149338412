package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckEvery: server.check_every reads a Go duration or days, off or 0
// checks nothing, a day by default; less than an hour is refused.
func TestCheckEvery(t *testing.T) {
	for _, c := range []struct {
		value string
		want  time.Duration
		err   bool
	}{
		{"", DefaultCheckEvery, false},
		{"24h", 24 * time.Hour, false},
		{"6h", 6 * time.Hour, false},
		{"7d", 7 * 24 * time.Hour, false},
		{"1h", time.Hour, false},
		{"off", 0, false},
		{"OFF", 0, false},
		{"0", 0, false},
		{"30m", 0, true},
		{"-1d", 0, true},
		{"daily", 0, true},
	} {
		got, err := Load("", false, envOf(map[string]string{"PBEM_CHECK_EVERY": c.value}))
		if c.err {
			assert.ErrorContains(t, err, "server.check_every (PBEM_CHECK_EVERY) is how often serve checks the whole database", c.value)
			continue
		}
		require.NoError(t, err, c.value)
		assert.Equal(t, c.want, got.Server.CheckEvery, c.value)
	}
	path := filepath.Join(t.TempDir(), "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte("[server]\ncheck_every = \"12h\"\n"), 0o600))
	c, err := Load(path, true, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, 12*time.Hour, c.Server.CheckEvery)
}
