package server

import (
	"pbem/server/core"

	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/chiffres"
	"pbem/store"
)

// TestArchivePageNamesSeats: the page's sentences name the players where
// the engine names a seat, as the mails do, and its boards are the
// positions from the start.
func TestArchivePageNamesSeats(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(chiffres.Game{}), Config{})
	require.NoError(t, err)
	id, err := srv.Create(ctx, core.NewGame{Game: "chiffres", Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}}, Seed: seed(5)})
	require.NoError(t, err)
	snap, err := srv.Snapshot(ctx, id, -1)
	require.NoError(t, err)
	first := snap.Game.Seats[snap.State.ToMove()].Email
	_, err = srv.Play(ctx, id, first, "resign", "")
	require.NoError(t, err)

	page, err := srv.Records().ArchivePage(ctx, id, "")
	require.NoError(t, err)
	require.Len(t, page.Moves, 1)
	require.Len(t, page.Boards, 2)
	name := map[string]string{"ann@example.org": "Ann", "bob@example.org": "seat 2"}[first]
	assert.Contains(t, page.Moves[0].Events[0], name+" resigns", "the seat's name, never its address")
	assert.Equal(t, name, page.Moves[0].Player)
	assert.Equal(t, store.StatusFinished, page.Status)

	rec, err := srv.Records().Archive(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "chiffres", rec.Game)
	assert.Contains(t, rec.Moves[0].Events[0], "Seat ", "the record keeps the engine's sentences as stored")
}
