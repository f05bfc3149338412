package server

import (
	"pbem/server/core"

	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// TestStateAfter: the state after move N, as game show --at N and each
// board of the HTML archive read it: the new game for 0, the state stored
// with move N else; a stored state that does not read names its move.
func TestStateAfter(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, twoPlayers(7))
	require.NoError(t, err)
	for range 3 {
		email, text, ok := nextMove(t, srv, id)
		require.True(t, ok)
		_, err := srv.Play(ctx, id, email, text, "")
		require.NoError(t, err)
	}
	snap, err := srv.Snapshot(ctx, id, -1)
	require.NoError(t, err)
	require.Len(t, snap.Moves, 3)
	start, err := snap.Kind.New(core.EngineOptions(snap.Game.Options), snap.Game.Seed, len(snap.Game.Seats))
	require.NoError(t, err)
	first, err := start.Encode()
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		at   int
		want []byte
	}{
		{"the start", 0, first},
		{"after the first move", 1, snap.Moves[0].State},
		{"after the last move", 3, snap.Moves[2].State},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := core.StateAfter(snap.Kind, snap.Game, snap.Moves, c.at)
			require.NoError(t, err)
			data, err := st.Encode()
			require.NoError(t, err)
			assert.Equal(t, string(c.want), string(data))
			at, err := srv.Snapshot(ctx, id, c.at)
			require.NoError(t, err)
			again, err := at.State.Encode()
			require.NoError(t, err)
			assert.Equal(t, string(data), string(again), "game show --at reads it so")
		})
	}
	broken := append([]store.Move(nil), snap.Moves...)
	broken[1].State = []byte("{")
	_, err = core.StateAfter(snap.Kind, snap.Game, broken, 2)
	assert.ErrorContains(t, err, "move 2")
}
