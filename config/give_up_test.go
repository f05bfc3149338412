package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestGiveUp: smtp.give_up reads days or a Go duration, 0 or never tries
// for ever, five days by default; less than an hour is refused.
func TestGiveUp(t *testing.T) {
	for _, c := range []struct {
		value string
		want  time.Duration
		err   bool
	}{
		{"", mailer.DefaultGiveUp, false},
		{"5d", 5 * 24 * time.Hour, false},
		{"36h", 36 * time.Hour, false},
		{"never", 0, false},
		{"0", 0, false},
		{"30m", 0, true},
		{"-1d", 0, true},
		{"a week", 0, true},
	} {
		got, err := Load("", false, envOf(map[string]string{"PBEM_SMTP_GIVE_UP": c.value}))
		if c.err {
			assert.ErrorContains(t, err, "smtp.give_up (PBEM_SMTP_GIVE_UP) is how long a deferred mail is tried", c.value)
			continue
		}
		require.NoError(t, err, c.value)
		assert.Equal(t, c.want, got.SMTP.GiveUp, c.value)
	}
	path := filepath.Join(t.TempDir(), "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte("[smtp]\ngive_up = \"3d\"\n"), 0o600))
	c, err := Load(path, true, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, 3*24*time.Hour, c.SMTP.GiveUp)
}
