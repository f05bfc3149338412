package server

import (
	"pbem/server/upkeep"

	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/store"
)

// TestKeepChecking: the daemon's checks find a sound database sound,
// record it and go on until stopped; a damaged page, wherever it is, is
// found at once, recorded, and stops them with a upkeep.DamageFound that says
// what to do, which RefuseDamaged then says too.
func TestKeepChecking(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pbem.db")
	open := func() *Server {
		st, err := store.Open(ctx, path, nil)
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{})
		require.NoError(t, err)
		return srv
	}
	srv := open()
	_, err := srv.Create(ctx, twoPlayers(42))
	require.NoError(t, err)
	require.NoError(t, srv.Upkeep().RefuseDamaged(ctx), "never checked")

	run, stop := context.WithCancel(ctx)
	var reports []store.Integrity
	err = srv.Upkeep().KeepChecking(run, time.Hour, nil, nil, func(r store.Integrity, err error) {
		require.NoError(t, err)
		reports = append(reports, r)
		stop() // after the check at the start
	})
	require.NoError(t, err, "stopped, not failed")
	require.Len(t, reports, 1)
	assert.True(t, reports[0].OK)
	assert.Equal(t, store.CheckedByServe, reports[0].By)
	require.NoError(t, srv.Upkeep().RefuseDamaged(ctx))

	var root int
	raw := rawDB(t, srv.store)
	require.NoError(t, raw.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'moves'`).Scan(&root))
	require.NoError(t, raw.Close(), "its connection closed, the last close checkpoints the WAL into the file")
	require.NoError(t, srv.store.Close())
	noise := make([]byte, 4096)
	for i := range noise {
		noise[i] = byte(i*7919 + 13)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteAt(noise, int64(root-1)*4096)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	srv = open()
	reports = nil
	err = srv.Upkeep().KeepChecking(ctx, time.Hour, nil, nil, func(r store.Integrity, err error) {
		require.NoError(t, err)
		reports = append(reports, r)
	})
	var found *upkeep.DamageFound
	require.ErrorAs(t, err, &found)
	require.ErrorIs(t, err, store.ErrCorrupt)
	assert.Contains(t, err.Error(), "restore the last backup")
	require.Len(t, reports, 1)
	assert.False(t, reports[0].OK)
	assert.NotEmpty(t, reports[0].Findings)
	err = srv.Upkeep().RefuseDamaged(ctx)
	require.True(t, errors.As(err, &found), "serve and ingest refuse it: %v", err)
	assert.Equal(t, reports[0].Findings, found.Check.Findings)
}
