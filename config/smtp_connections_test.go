package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSMTPConnections: smtp.connections is 2 unless set, a whole number
// from 1 to MaxSMTPConnections, from the environment or the file.
func TestSMTPConnections(t *testing.T) {
	for _, c := range []struct {
		value string
		want  int
		err   string
	}{
		{"", 2, ""},
		{"1", 1, ""},
		{"8", 8, ""},
		{"9", 0, "1 to 8, not 9"},
		{"-1", 0, "is a whole number, not -1"},
		{"two", 0, `is a whole number, not "two"`},
	} {
		got, err := Load("", false, envOf(map[string]string{"PBEM_SMTP_CONNECTIONS": c.value}))
		if c.err != "" {
			assert.ErrorContains(t, err, "smtp.connections (PBEM_SMTP_CONNECTIONS)", c.value)
			assert.ErrorContains(t, err, c.err, c.value)
			continue
		}
		require.NoError(t, err, c.value)
		assert.Equal(t, c.want, got.SMTP.Connections, c.value)
	}
	path := filepath.Join(t.TempDir(), "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte("[smtp]\nconnections = 1\n"), 0o600))
	c, err := Load(path, true, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, 1, c.SMTP.Connections)
}
