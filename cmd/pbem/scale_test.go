package main

import (
	"pbem/server/core"

	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pbem/internal/scaledb"
	"pbem/mailer"
	"pbem/server"
	"pbem/store"
)

// The benchmarks at scale (ingest_bench_test.go, status_bench_test.go)
// run pbem's commands in process on databases shaped like production's,
// grown by scaledb from template games that pbem's own server made and
// played by mail.

// scaleAddress is the server's address in the scaled databases.
const scaleAddress = "pbem@scale.example"

// scaleDBs are the scaled databases built in this process, by size: one
// each, shared by the benchmarks (a database of 100,000 games takes
// about a minute to build and a few GB), in the scratch folder TestMain
// removes.
var scaleDBs struct {
	sync.Mutex
	paths map[int]string
}

// scaleDB is the path of a database of games games in production's
// shape (scaledb.Production), built once per process.
func scaleDB(tb testing.TB, games int) string {
	tb.Helper()
	scaleDBs.Lock()
	defer scaleDBs.Unlock()
	if p, ok := scaleDBs.paths[games]; ok {
		return p
	}
	dir, err := os.MkdirTemp(scratch, fmt.Sprintf("scale-%d-", games))
	require.NoError(tb, err)
	path := filepath.Join(dir, "pbem.db")
	start := time.Now()
	buildScaleDB(tb, path, games)
	if info, err := os.Stat(path); err == nil {
		tb.Logf("database of %d games: %d MB built in %v", games, info.Size()>>20, time.Since(start).Round(time.Second))
	}
	if scaleDBs.paths == nil {
		scaleDBs.paths = map[int]string{}
	}
	scaleDBs.paths[games] = path
	return path
}

// buildScaleDB makes two Amplitude games between two people, plays the
// first move of each by mail, and grows the database from them to games
// games.
func buildScaleDB(tb testing.TB, path string, games int) {
	ctx := context.Background()
	st, err := store.Open(ctx, path, nil)
	require.NoError(tb, err)
	srv, err := server.New(st, registry(), server.Config{Address: scaleAddress})
	require.NoError(tb, err)
	var templates []int64
	for i := range 2 {
		seed := uint64(40 + i)
		id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: &seed,
			Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org", Name: "Bob"}}})
		require.NoError(tb, err)
		raw, ok := nextReply(tb, srv, id, fmt.Sprintf("template%d", i))
		require.True(tb, ok)
		v, err := srv.HandleMail(ctx, raw)
		require.NoError(tb, err)
		require.Equal(tb, mailer.Accepted, v)
		templates = append(templates, id)
	}
	require.NoError(tb, st.Close())
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
	require.NoError(tb, err)
	defer db.Close()
	require.NoError(tb, scaledb.Fill(ctx, db, templates, scaledb.Shape{Games: games}))
}

// nextReply is the reply of the person to move in game id playing what
// the computer player would, as their mail client writes it, with the
// Message-ID <tag@example.org>; false when no person is to move.
func nextReply(tb testing.TB, srv *server.Server, id int64, tag string) ([]byte, bool) {
	tb.Helper()
	snap, err := srv.Snapshot(context.Background(), id, -1)
	require.NoError(tb, err)
	seat := snap.State.ToMove()
	if seat < 0 || snap.Game.Seats[seat].Bot != "" {
		return nil, false
	}
	move, err := snap.State.BotMove(seat)
	require.NoError(tb, err)
	g := snap.Game
	token := mailer.Token(g.Secret, id, seat, g.Seats[seat].TokenGen)
	to, err := mailer.ReplyAddress(scaleAddress, id, token)
	require.NoError(tb, err)
	raw := fmt.Sprintf("From: Player <%s>\r\nTo: %s\r\nSubject: Re: %s Amplitude\r\nMessage-ID: <%s@example.org>\r\n"+
		"Date: Mon, 30 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n#%d %s\r\n\r\nMy move.\r\n",
		g.Seats[seat].Email, to, mailer.SubjectTag(id, token), tag, g.Turns+1, move)
	return []byte(raw), true
}
