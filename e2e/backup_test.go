package e2e

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBackupWhileServing: pbem backup, run again and again while pbem
// serve plays 80 replies from its IMAP inbox (Chiffres games, whose
// scripts are quick to compute), gives copies that each hold every game,
// at least every move played before the backup began, and replay (pbem
// game verify --all on the copy); at least one copy falls in mid-play,
// and the last, taken once all is played, holds every move.
func TestBackupWhileServing(t *testing.T) {
	t.Parallel()
	const moves = 10
	w := newWorld(t)
	gs := createGames(t, w.env, mix(8, 0, 8, 2000), moves)
	total := 0
	for _, g := range gs {
		total += len(g.Script)
	}
	d := w.env.serve(t, w.log)
	waitInvitations(t, w.sink, gs, 30*time.Second)
	writeReplies(t, w.sink, gs)
	perGame := make([][][]byte, len(gs))
	for i, g := range gs {
		perGame[i] = g.Replies
	}
	for _, raw := range interleave(rand.New(rand.NewPCG(3, 3)), perGame) {
		if err := w.imap.Append("", raw); err != nil {
			t.Fatal(err)
		}
	}

	type backup struct {
		env    *env
		before int // moves played before it began
	}
	db := openDB(t, w.env.db)
	var backups []backup
	deadline := time.Now().Add(time.Minute)
	for played := 0; played < total; {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute %d moves of %d are played", played, total)
		}
		played = queryInt(t, db, `SELECT COUNT(*) FROM moves`)
		b := backup{env: &env{dir: w.env.dir, db: filepath.Join(w.env.dir, fmt.Sprintf("backup-%d.db", len(backups))), vars: w.env.vars}, before: played}
		out := w.env.pbem(t, "backup", b.env.db)
		if !strings.HasPrefix(out, "backed up ") {
			t.Fatalf("pbem backup printed %q", out)
		}
		backups = append(backups, b)
	}
	d.stop(t, 15*time.Second)

	midPlay := 0
	for i, b := range backups {
		copyDB := openDB(t, b.env.db)
		games := queryInt(t, copyDB, `SELECT COUNT(*) FROM games`)
		played := queryInt(t, copyDB, `SELECT COUNT(*) FROM moves`)
		copyDB.Close()
		if games != len(gs) {
			t.Errorf("backup %d holds %d games, want %d", i, games, len(gs))
		}
		if played < b.before {
			t.Errorf("backup %d holds %d moves, but %d were played before it began", i, played, b.before)
		}
		if played > 0 && played < total {
			midPlay++
		}
		if got, want := b.env.pbem(t, "game", "verify", "--all"), fmt.Sprintf("%d games ok, 0 failed\n", len(gs)); got != want {
			t.Errorf("game verify --all on backup %d: %q, want %q", i, got, want)
		}
	}
	t.Logf("%d backups while serve played %d replies, %d of them in mid-play", len(backups), total, midPlay)
	if midPlay == 0 {
		t.Errorf("no backup fell while serve played: the test showed nothing")
	}
	last := backups[len(backups)-1]
	copyDB := openDB(t, last.env.db)
	if n := queryInt(t, copyDB, `SELECT COUNT(*) FROM moves`); n != total {
		t.Errorf("the last backup, taken once all was played, holds %d moves, want %d", n, total)
	}
}
