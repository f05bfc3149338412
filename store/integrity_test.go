package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIntegrityRecorded: a sound database checks ok; its result, recorded,
// reads back; a damaged page is found by the full check, its findings
// kept; none is recorded before the first check.
func TestIntegrityRecorded(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	_, err := s.LastIntegrity(ctx)
	require.ErrorIs(t, err, ErrNotFound)

	_, err = s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	r, err := s.CheckIntegrity(ctx, CheckedByServe)
	require.NoError(t, err)
	assert.True(t, r.OK)
	assert.Empty(t, r.Findings)
	assert.Equal(t, fixedClock()(), r.At)
	require.NoError(t, s.RecordIntegrity(ctx, r))
	last, err := s.LastIntegrity(ctx)
	require.NoError(t, err)
	assert.Equal(t, Integrity{At: r.At, Took: r.Took.Truncate(1e6), By: CheckedByServe, OK: true}, last)

	var seatsRoot int
	require.NoError(t, s.db.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'seats'`).Scan(&seatsRoot))
	require.NoError(t, s.Close())
	damagePage(t, path, seatsRoot)

	s, err = Open(ctx, path, fixedClock())
	require.NoError(t, err, "the schema is intact")
	defer s.Close()
	r, err = s.CheckIntegrity(ctx, CheckedByServe)
	require.NoError(t, err, "damage is a verdict, not an error")
	assert.False(t, r.OK)
	require.NotEmpty(t, r.Findings)
	assert.LessOrEqual(t, len(r.Findings), MaxFindings)
	require.ErrorIs(t, checked(ctx, s), ErrCorrupt)
	require.NoError(t, s.RecordIntegrity(ctx, r), "the checks' table is on a page of its own")
	last, err = s.LastIntegrity(ctx)
	require.NoError(t, err)
	assert.False(t, last.OK)
	assert.Equal(t, r.Findings, last.Findings)
}

// TestCheckFile: pbem check's verdict on a sound database, recorded; on a
// file that is no database, damaged (nothing recorded, nothing created);
// on a missing file, no verdict.
func TestCheckFile(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	require.NoError(t, s.Close())
	r, recordErr, err := CheckFile(ctx, path, CheckedByCommand, Options{Now: fixedClock()})
	require.NoError(t, err)
	require.NoError(t, recordErr)
	assert.True(t, r.OK)
	assert.Equal(t, CheckedByCommand, r.By)
	s, err = Open(ctx, path, nil)
	require.NoError(t, err)
	last, err := s.LastIntegrity(ctx)
	require.NoError(t, err)
	assert.Equal(t, CheckedByCommand, last.By)
	require.NoError(t, s.Close())

	garbage := filepath.Join(t.TempDir(), "garbage.db")
	require.NoError(t, os.WriteFile(garbage, make([]byte, 8192), 0o644))
	damagePage(t, garbage, 1)
	r, _, err = CheckFile(ctx, garbage, CheckedByCommand, Options{})
	require.NoError(t, err)
	assert.False(t, r.OK)
	require.Len(t, r.Findings, 1)
	assert.Contains(t, r.Findings[0], "damaged")

	_, _, err = CheckFile(ctx, filepath.Join(t.TempDir(), "none.db"), CheckedByCommand, Options{})
	require.ErrorIs(t, err, ErrNoDatabase)
}
