package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLadderByIngest plays a ladder through pbem ingest as an MTA hands it
// the mails: four players join by mail (each confirming, the mail proving
// no sender), Cyd challenges Ann, who accepts by replying to the
// challenge and resigns, so Cyd takes rung 1; Dan challenges Bob, who
// does not answer, and pbem deadlines --now past the answer time forfeits
// it, Dan taking Bob's rung; ladder by mail answers with the ladder.
func TestLadderByIngest(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	g := &mailGame{t: t, db: db}
	names := []string{"Ann", "Bob", "Cyd", "Dan"}
	for _, n := range names {
		ok(t, db, "player", "register", strings.ToLower(n)+"@example.org", n)
	}
	assert.Equal(t, "1\n", ok(t, db, "ladder", "new", "amplitude"))
	for _, n := range names {
		addr := strings.ToLower(n) + "@example.org"
		g.ingest(fmt.Sprintf("From: <%s>\r\nTo: <pbem@localhost>\r\nSubject: ladder\r\nMessage-ID: <join-%s@example.test>\r\n"+
			"Date: Tue, 01 Dec 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nladder join amplitude\r\n", addr, n))
		g.send(addr, addr, "") // the confirmation answered
		assert.Contains(t, lastText(t, db, addr), "You are on the Amplitude ladder", n)
	}
	assert.Equal(t, []string{"ann", "bob", "cyd", "dan"}, rungsOf(t, db))

	ann, bob, cyd, dan := "ann@example.org", "bob@example.org", "cyd@example.org", "dan@example.org"
	g.send(cyd, cyd, "ladder challenge Ann")
	assert.Contains(t, flatText(lastText(t, db, ann)), "Cyd, on rung 3 of the Amplitude ladder, challenges you, on rung 1 (challenge 1)")
	g.send(ann, ann, "accept")
	game := showGame(t, db, "1", "--json")
	require.Equal(t, "active", game.Status)
	assert.Equal(t, ann, game.Players[0].Email, "the defender has the first seat")
	if game.ToMove == cyd {
		g.send(cyd, cyd, "pass")
	}
	g.send(ann, ann, "resign")
	assert.Equal(t, []string{"cyd", "ann", "bob", "dan"}, rungsOf(t, db))
	assert.Contains(t, flatText(lastText(t, db, ann)), "Cyd won game 1. Cyd takes rung 1; Ann moves down to rung 2")

	g.send(dan, dan, "ladder challenge bob@example.org")
	assert.Contains(t, flatText(lastText(t, db, bob)), "challenges you, on rung 3 (challenge 2)")
	later := time.Now().Add(7*24*time.Hour + time.Hour).UTC().Format(time.RFC3339)
	assert.Contains(t, ok(t, db, "deadlines", "--now", later), "1 challenge expired")
	assert.Equal(t, []string{"cyd", "ann", "dan", "bob"}, rungsOf(t, db))
	assert.Contains(t, flatText(lastText(t, db, bob)), "Bob did not accept in time, which forfeits it. Dan takes rung 3; Bob moves down to rung 4")

	g.send(bob, bob, "ladder amplitude")
	shown := lastText(t, db, bob)
	assert.Contains(t, shown, ">       4  Bob")
	assert.Contains(t, shown, "*       3  Dan")
	assert.Contains(t, shown, "*       1  Cyd", "three rungs up is within reach")
	assert.Contains(t, ok(t, db, "ladder", "list"), "amplitude")
}

// rungsOf is the amplitude ladder's players from the top, by their
// addresses' local parts, from pbem ladder show --json.
func rungsOf(t *testing.T, db string) []string {
	t.Helper()
	var l ladderJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "ladder", "show", "amplitude", "--json")), &l))
	var out []string
	for _, r := range l.Rungs {
		local, _, _ := strings.Cut(r.Email, "@")
		out = append(out, local)
	}
	return out
}

// lastText is the text part of the last mail queued to address.
func lastText(t *testing.T, db, address string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	var raw []byte
	require.NoError(t, conn.QueryRow(`SELECT raw FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1`, address).Scan(&raw))
	r, err := mail.CreateReader(bytes.NewReader(raw))
	require.NoError(t, err)
	for {
		p, err := r.NextPart()
		require.NoError(t, err, "no text part")
		if h, ok := p.Header.(*mail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/plain" {
				text, err := io.ReadAll(p.Body)
				require.NoError(t, err)
				return string(text)
			}
		}
	}
}

// flatText is text with its lines joined, as a sentence wrapped.
func flatText(text string) string { return strings.Join(strings.Fields(text), " ") }
