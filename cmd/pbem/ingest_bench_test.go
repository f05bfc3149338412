package main

import (
	"pbem/server/core"

	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server"
	"pbem/store"
)

// BenchmarkIngest is pbem ingest's work in process, as the MTA's pipe
// runs it for every mail: open the store, read the mail from a file,
// handle it, close — a reply playing a move in an active game (the same
// games' moves at every size, see mover), on databases of 10, 10,000 and
// 100,000 games in production's shape (most finished, each with its
// moves, replies and mails). The time a mail should not grow with the
// archive.
func BenchmarkIngest(b *testing.B) {
	for _, games := range []int{10, 10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			path := scaleDB(b, games)
			b.Setenv("PBEM_ADDRESS", scaleAddress)
			moves := newMover(b, path)
			mail := filepath.Join(b.TempDir(), "reply.eml")
			reg := registry()
			for b.Loop() {
				b.StopTimer()
				require.NoError(b, os.WriteFile(mail, moves.next(b), 0o600))
				b.StartTimer()
				if out, err := runInProcess(reg, "--db", path, "ingest", mail); err != nil || out != "processed" {
					b.Fatalf("pbem ingest: %q %v", out, err)
				}
			}
		})
	}
}

// runInProcess runs a pbem command line in this process and returns what
// it printed on stdout, trimmed, and its error, with what it wrote on
// stderr.
func runInProcess(reg *engine.Registry, args ...string) (string, error) {
	root := newRootCmd(reg)
	var out, errOut bytes.Buffer
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errOut)
	if err := root.Execute(); err != nil {
		return strings.TrimSpace(out.String()), fmt.Errorf("%w\n%s", err, errOut.String())
	}
	return strings.TrimSpace(out.String()), nil
}

// mover hands out replies that each play the next move of one of a few
// active games of a database, going round them, and starts a new game in
// place of one that ends: the same moves, from the first of a game to its
// last, whatever the database holds besides.
type mover struct {
	srv   *server.Server
	games []int64
	i     int
}

// moverGames is how many games a mover plays in at once.
const moverGames = 3

// newMover takes the newest active games of the database at path.
func newMover(tb testing.TB, path string) *mover {
	ctx := context.Background()
	st, err := store.Open(ctx, path, nil)
	require.NoError(tb, err)
	tb.Cleanup(func() { st.Close() })
	srv, err := server.New(st, registry(), server.Config{Address: scaleAddress})
	require.NoError(tb, err)
	games, err := st.ListGames(ctx, store.GameFilter{Status: store.StatusActive, Limit: moverGames})
	require.NoError(tb, err)
	m := &mover{srv: srv}
	for _, g := range games {
		m.games = append(m.games, g.ID)
	}
	return m
}

// next is the reply playing the next move of the next game.
func (m *mover) next(tb testing.TB) []byte {
	k := m.i % len(m.games)
	m.i++
	id := m.games[k]
	if raw, ok := nextReply(tb, m.srv, id, fmt.Sprintf("bench.%d.%d", id, m.i)); ok {
		return raw
	}
	seed := uint64(1000 + m.i)
	id, err := m.srv.Create(context.Background(), core.NewGame{Game: "amplitude", Seed: &seed,
		Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org", Name: "Bob"}}})
	require.NoError(tb, err)
	m.games[k] = id
	raw, ok := nextReply(tb, m.srv, id, fmt.Sprintf("bench.%d.%d", id, m.i))
	require.True(tb, ok, "a new game waits for a person")
	return raw
}
