package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutboxKeep: server.outbox_keep reads days or a Go duration, 0 or
// forever keeps all, 30 days by default; less than a day is refused.
func TestOutboxKeep(t *testing.T) {
	for _, c := range []struct {
		value string
		want  time.Duration
		err   bool
	}{
		{"", DefaultOutboxKeep, false},
		{"30d", 30 * 24 * time.Hour, false},
		{"7D", 7 * 24 * time.Hour, false},
		{"1.5d", 36 * time.Hour, false},
		{"720h", 720 * time.Hour, false},
		{"forever", 0, false},
		{"0", 0, false},
		{"12h", 0, true},
		{"0.5d", 0, true},
		{"-3d", 0, true},
		{"a month", 0, true},
	} {
		got, err := Load("", false, envOf(map[string]string{"PBEM_OUTBOX_KEEP": c.value}))
		if c.err {
			assert.ErrorContains(t, err, "server.outbox_keep (PBEM_OUTBOX_KEEP) is how long sent mail is kept", c.value)
			continue
		}
		require.NoError(t, err, c.value)
		assert.Equal(t, c.want, got.Server.OutboxKeep, c.value)
	}
	path := filepath.Join(t.TempDir(), "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte("[server]\noutbox_keep = \"90d\"\n"), 0o600))
	c, err := Load(path, true, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, 90*24*time.Hour, c.Server.OutboxKeep)
}
