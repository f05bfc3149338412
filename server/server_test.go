package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/parser"
	"pbem/store"
)

func newTestServer(t testing.TB) (*Server, *store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{})
	require.NoError(t, err)
	return srv, st
}

func seed(n uint64) *uint64 { return &n }

func twoPlayers(s uint64) core.NewGame {
	return core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}}, Seed: seed(s)}
}

// nextMove is what the seat to move would play: the computer player's
// choice, in canonical notation, with the move-number guard.
func nextMove(t testing.TB, srv *Server, id int64) (email, text string, ok bool) {
	t.Helper()
	snap, err := srv.Snapshot(context.Background(), id, -1)
	require.NoError(t, err)
	seat := snap.State.ToMove()
	if seat < 0 {
		return "", "", false
	}
	m, err := snap.State.BotMove(seat)
	require.NoError(t, err)
	return snap.Game.Seats[seat].Email, fmt.Sprintf("#%d %s", snap.Game.MoveNumber+1, m), true
}

func TestCreateWithBotsOnlyFinishes(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Bots: []string{"R1", "R2"}, Seed: seed(3)})
	require.NoError(t, err)
	snap, err := srv.Snapshot(ctx, id, -1)
	require.NoError(t, err)
	assert.Equal(t, store.StatusFinished, snap.Game.Status)
	assert.True(t, snap.State.Over())
	assert.Equal(t, snap.Game.MoveNumber, len(snap.Moves))
	require.NoError(t, srv.Records().Verify(ctx, id))
}

func TestCreateRefusals(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := context.Background()
	for _, req := range []core.NewGame{
		{Game: "chess", Bots: []string{"a", "b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "not an address"}}, Bots: []string{"b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org"}, {Email: "A@x.org"}}},
		{Game: "amplitude", Bots: []string{"alone"}},
		{Game: "amplitude", Bots: []string{"a", "b"}, Options: engine.Options{"colour": "red"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org", Name: "Ann\r\nBcc: all@x.org"}}, Bots: []string{"b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org", Name: "Ann\x00"}}, Bots: []string{"b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org", Name: "Ann\u2028Bob"}}, Bots: []string{"b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org", Name: "\u202Enna"}}, Bots: []string{"b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org", Name: strings.Repeat("n", parser.MaxNameLength+1)}}, Bots: []string{"b"}},
		{Game: "amplitude", Players: []core.Player{{Email: "a@x.org"}}, Bots: []string{"Robot\x1b[31m"}},
	} {
		_, err := srv.Create(ctx, req)
		require.Error(t, err, "%+v", req)
		assert.True(t, engine.IsRefusal(err), "%v", err)
	}
}

// TestCreateAcceptsNamesInAnyScript: the name check refuses what hides or
// mixes (see parser.Name), not letters of any script, emoji, or a Persian
// name's zero-width non-joiner between letters it keeps apart.
func TestCreateAcceptsNamesInAnyScript(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	names := []string{"Zoë O'Brien", "李雷", "Ирина", "علی\u200cپور", "Ada 🚀", strings.Repeat("n", parser.MaxNameLength)}
	for i, name := range names {
		id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: fmt.Sprintf("p%d@x.org", i), Name: name}}, Bots: []string{"Robot"}})
		require.NoError(t, err, name)
		g, err := st.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, name, g.Seats[0].Name)
	}
}

func TestPlayRefusalsChangeNothing(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, twoPlayers(5))
	require.NoError(t, err)
	before, err := st.Game(ctx, id)
	require.NoError(t, err)
	email, text, _ := nextMove(t, srv, id)
	other := "ann@example.org"
	if email == other {
		other = "bob@example.org"
	}
	for _, c := range []struct{ from, text string }{
		{other, "pass"},               // not their turn
		{"eve@example.org", "pass"},   // no seat
		{email, "#9 pass"},            // stale guard
		{email, "Z99 right 123"},      // unreadable
		{email, "pass\nH8 right 987"}, // the second line is refused: the first is not kept
	} {
		_, err := srv.Play(ctx, id, c.from, c.text, "")
		require.Error(t, err, c.text)
		assert.True(t, engine.IsRefusal(err), "%v", err)
	}
	after, err := st.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	played, err := srv.Play(ctx, id, email, text, "<m1@example.org>")
	require.NoError(t, err)
	require.Len(t, played.Moves, 1)
	mails, err := st.PendingMails(ctx, id)
	require.NoError(t, err)
	require.Equal(t, 4, len(mails), "an invitation, then a notification, per player")
	assert.NotEqual(t, mails[2].Raw, mails[3].Raw, "each player sees their own rack")
}

// TestConcurrentGames plays 8 games at once from 8 goroutines, and 2
// goroutines racing on one more: no move is lost or applied twice.
func TestConcurrentGames(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	const games = 8
	ids := make([]int64, games+1)
	for i := range ids {
		var err error
		ids[i], err = srv.Create(ctx, twoPlayers(uint64(100+i)))
		require.NoError(t, err)
	}
	var wg sync.WaitGroup
	applied := make([]atomic.Int64, len(ids))
	player := func(i int) {
		defer wg.Done()
		for n := 0; n < 40; n++ {
			email, text, ok := nextMove(t, srv, ids[i])
			if !ok {
				return
			}
			if _, err := srv.Play(ctx, ids[i], email, text, ""); err == nil {
				applied[i].Add(1)
			} else if !engine.IsRefusal(err) {
				t.Error(err)
				return
			}
		}
	}
	for i := range ids {
		wg.Add(1)
		go player(i)
	}
	wg.Add(1)
	go player(games) // the second one racing on the last game
	wg.Wait()
	for i, id := range ids {
		g, err := st.Game(ctx, id)
		require.NoError(t, err)
		assert.EqualValues(t, applied[i].Load(), g.MoveNumber, "game %d", id)
		require.NoError(t, srv.Records().Verify(ctx, id))
	}
}
