package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBackupRefusals: a backup never replaces a file, and there is none
// of a database that does not exist.
func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "pbem.db")
	ok(t, db, "game", "new", "chiffres", "--bot", "A", "--bot", "B", "--seed", "1")
	taken := filepath.Join(dir, "taken")
	require.NoError(t, os.WriteFile(taken, []byte("keep me"), 0o600))
	r := pbemDB(t, db, "backup", taken)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "a backup never replaces a file")
	data, err := os.ReadFile(taken)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(data))

	r = pbemDB(t, filepath.Join(dir, "absent.db"), "backup", filepath.Join(dir, "copy.db"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "does not exist")
	assert.NoFileExists(t, filepath.Join(dir, "absent.db"), "backup creates no database")
	assert.NoFileExists(t, filepath.Join(dir, "copy.db"))
	assert.True(t, strings.HasPrefix(r.stderr, "open database"), r.stderr)
}
