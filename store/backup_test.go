package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBackup: the copy opens as a pbem database holding the games, in one
// file readable by its owner alone; a second backup to the same name is
// refused and leaves the first intact.
func TestBackup(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	for range 3 {
		_, err := s.CreateGame(ctx, sampleGame())
		require.NoError(t, err)
	}
	copyPath := filepath.Join(t.TempDir(), "backup.db")
	require.NoError(t, s.Backup(ctx, copyPath))
	info, err := os.Stat(copyPath)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the copy holds the games' secrets")
	before, err := os.ReadFile(copyPath)
	require.NoError(t, err)
	header := before[:20]
	assert.Equal(t, []byte{1, 1}, header[18:20], "a rollback-journal file: nothing beside it to copy")

	err = s.Backup(ctx, copyPath)
	require.ErrorIs(t, err, ErrExists)
	after, err := os.ReadFile(copyPath)
	require.NoError(t, err)
	assert.Equal(t, before, after, "a refused backup leaves the file alone")

	c, err := OpenWith(ctx, copyPath, Options{Existing: true})
	require.NoError(t, err)
	defer c.Close()
	games, err := c.Games(ctx)
	require.NoError(t, err)
	assert.Len(t, games, 3)
	require.NoError(t, checked(ctx, c))
}
