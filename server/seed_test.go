package server

import (
	"pbem/server/core"

	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/chiffres"
)

// overAtDeal is a Chiffres seed whose game of two is over at the deal:
// nobody can place a token next to the centre's.
const overAtDeal = 2142

// A deal over at once is drawn again; a chosen seed is the rules' to end;
// an error of the draw or of the game's options is the answer.
func TestPlayableSeed(t *testing.T) {
	st, err := chiffres.Game{}.New(engine.Options{}, overAtDeal, 2)
	require.NoError(t, err)
	require.True(t, st.Over(), "the fixture: over at the deal")

	draws := []uint64{overAtDeal, overAtDeal, 7}
	draw := func() (uint64, error) { s := draws[0]; draws = draws[1:]; return s, nil }
	seed, _, err := core.PlayableSeed(chiffres.Game{}, engine.Options{}, 2, draw)
	require.NoError(t, err)
	assert.Equal(t, uint64(7), seed)

	always := func() (uint64, error) { return overAtDeal, nil }
	seed, _, err = core.PlayableSeed(chiffres.Game{}, engine.Options{}, 2, always)
	require.NoError(t, err)
	assert.Equal(t, uint64(overAtDeal), seed, "every deal over: the last stands")

	_, _, err = core.PlayableSeed(chiffres.Game{}, engine.Options{}, 2, func() (uint64, error) { return 0, errors.New("no entropy") })
	assert.ErrorContains(t, err, "no entropy")
	_, _, err = core.PlayableSeed(chiffres.Game{}, engine.Options{"board": "nonsense"}, 2, always)
	assert.Error(t, err)
}

// A game the server deals itself is never over before its first move;
// one given its seed keeps the deal.
func TestRandomDealsArePlayable(t *testing.T) {
	srv := newLobby(t).srv
	ctx := t.Context()
	players := []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org", Name: "Bob"}}
	for range 400 { // about one deal in 350 is over at once
		id, err := srv.Create(ctx, core.NewGame{Game: "chiffres", Players: players})
		require.NoError(t, err)
		snap, err := srv.Snapshot(ctx, id, -1)
		require.NoError(t, err)
		require.False(t, snap.State.Over(), "game %d, seed %d: over at the deal", id, snap.Game.Seed)
	}
	seed := uint64(overAtDeal)
	id, err := srv.Create(ctx, core.NewGame{Game: "chiffres", Seed: &seed, Players: players})
	require.NoError(t, err)
	snap, err := srv.Snapshot(ctx, id, -1)
	require.NoError(t, err)
	assert.True(t, snap.State.Over(), "a chosen seed keeps its deal")
}
