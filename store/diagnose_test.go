package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiagnose(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	good := filepath.Join(dir, "pbem.db")
	s, err := Open(ctx, good, nil)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	old := filepath.Join(dir, "old.db")
	s, err = openRaw(old, nil)
	require.NoError(t, err)
	require.NoError(t, s.migrate(ctx, 3))
	require.NoError(t, s.Close())

	junk := filepath.Join(dir, "junk.db")
	require.NoError(t, os.WriteFile(junk, []byte("this is not a database, but a text file of some length\n"), 0o600))

	for _, tc := range []struct {
		path  string
		names []string
		ok    []bool
		words string // in the last check's detail
	}{
		{good, []string{"database", "database schema", "database disk", "game clocks"}, []bool{true, true, true, true}, "no clock waits for long"},
		{old, []string{"database", "database schema", "database disk"}, []bool{true, false, true}, ""},
		{junk, []string{"database"}, []bool{false}, "not a database"},
		{filepath.Join(dir, "absent.db"), []string{"database"}, []bool{false}, "there is no database"},
	} {
		checks := Diagnose(ctx, tc.path)
		var names []string
		var ok []bool
		for _, c := range checks {
			names, ok = append(names, c.Name), append(ok, c.OK)
		}
		assert.Equal(t, tc.names, names, tc.path)
		assert.Equal(t, tc.ok, ok, "%s: %+v", tc.path, checks)
		assert.Contains(t, checks[len(checks)-1].Detail, tc.words, tc.path)
	}
	checks := Diagnose(ctx, old)
	assert.Contains(t, checks[1].Detail, "version 3, older than this pbem's")
	_, err = os.Stat(filepath.Join(dir, "absent.db"))
	assert.True(t, os.IsNotExist(err), "Diagnose creates nothing")
	s, err = openRaw(old, nil)
	require.NoError(t, err)
	v, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, v, "nor migrates")
	require.NoError(t, s.Close())
}
