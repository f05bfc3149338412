package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSeatedPlayersSeeWhatTheyAreIn: players the operator put on a ladder
// and in a tournament without their signing up — whose mails tell them to
// write ladder amplitude or tournament 1 — are answered with the ladder
// and the standings, through pbem ingest; joining something new still
// takes an account.
func TestSeatedPlayersSeeWhatTheyAreIn(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	g := &mailGame{t: t, db: db}
	ann, bob := "ann@example.org", "bob@example.org"
	ok(t, db, "tournament", "new", "chiffres", "round-robin", "--player", ann+":Ann", "--player", bob+":Bob")
	ok(t, db, "ladder", "new", "amplitude")
	ok(t, db, "ladder", "join", "amplitude", ann)
	lobby := func(n int, body string) string {
		g.ingest(fmt.Sprintf("From: <%s>\r\nTo: <pbem@localhost>\r\nSubject: games\r\nMessage-ID: <seated-%d@example.test>\r\n"+
			"Date: Tue, 01 Dec 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n", ann, n, body))
		return flatText(lastText(t, db, ann))
	}
	assert.Contains(t, lobby(1, "ladder amplitude"), "Ann", "the ladder, not a request to sign up")
	assert.NotContains(t, lobby(2, "ladder"), "Sign up first")
	assert.Contains(t, lobby(3, "tournament 1"), "Bob")
	assert.NotContains(t, lobby(4, "tournaments"), "Sign up first")
	assert.Contains(t, lobby(5, "ladder join amplitude"), "Sign up first", "joining takes an account")
	for i, change := range []string{"tournament withdraw 1", "ladder leave amplitude"} {
		lobby(6+i, change) // its confirmation held back: the answers to the unproven address are spent
	}
	assert.Equal(t, 2, strings.Count(ok(t, db, "mail", "list", "--from", ann), "waits for its confirmation"), "a change from an address alone waits for its proof")
	assert.Zero(t, showTournament(t, db, "1").Entrants[0].Withdrawn, "not withdrawn by a mail that proves no sender")
	assert.Equal(t, []string{"ann"}, rungsOf(t, db), "still on the ladder")
}
