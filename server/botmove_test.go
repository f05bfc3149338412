package server

import (
	"pbem/server/core"

	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/ludicitude"
	"pbem/store"
)

func TestBotSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := range uint64(4) {
		for n := 1; n <= 4; n++ {
			s := BotSeed(seed, n)
			assert.NotZero(t, s)
			assert.Equal(t, s, BotSeed(seed, n), "one game seed and move, one seed")
			assert.False(t, seen[s], "game seed %d, move %d", seed, n)
			seen[s] = true
		}
	}
}

// TestBotMoveUsesTheSeed: a game whose engine varies its computer player
// has it choose by the game's seed and the move number; other games get
// the engine's BotMove.
func TestBotMoveUsesTheSeed(t *testing.T) {
	lud, err := ludicitude.Game{}.New(engine.Options{"bot_nodes": "2000"}, 1, 2)
	require.NoError(t, err)
	got, err := BotMove(lud, 7, 1, 0, "")
	require.NoError(t, err)
	want, err := lud.(engine.SeededBot).BotMoveSeeded(0, BotSeed(7, 1))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	firsts := map[string]bool{}
	for seed := range uint64(10) {
		m, err := BotMove(lud, seed, 1, 0, "")
		require.NoError(t, err)
		firsts[m.String()] = true
	}
	assert.Greater(t, len(firsts), 1, "game seeds give other first moves")

	amp, err := amplitude.Game{}.New(nil, 3, 2)
	require.NoError(t, err)
	got, err = BotMove(amp, 3, 1, amp.ToMove(), "")
	require.NoError(t, err)
	want, err = amp.BotMove(amp.ToMove())
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestComputerSeatPlaysSeeded: a computer seat answers with the seeded
// choice for its game and move, and the game verifies.
func TestComputerSeatPlaysSeeded(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(ludicitude.Game{}), Config{})
	require.NoError(t, err)
	id, err := srv.Create(ctx, core.NewGame{Game: "ludicitude", Seed: seed(11), Options: engine.Options{"bot_nodes": "2000"},
		Players: []core.Player{{Email: "ann@example.org"}}, Bots: []string{"Robot"}})
	require.NoError(t, err)
	played, err := srv.Play(ctx, id, "ann@example.org", "#1 d2-d3", "")
	require.NoError(t, err)
	require.Len(t, played.Moves, 2, "Ann's move and the computer's answer")

	snap, err := srv.Snapshot(ctx, id, 1)
	require.NoError(t, err)
	want, err := BotMove(snap.State, 11, 2, 1, "")
	require.NoError(t, err)
	assert.Equal(t, want.String(), played.Moves[1].Notation)
	require.NoError(t, srv.Records().Verify(ctx, id))
}
