package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/mail"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/server/tournament"
)

// tournamentMail is a mailGame whose players also write to the lobby: each
// mail goes to the Reply-To of the last mail the writer got that the
// server's lobby sent (its token proves the sender) or that a given game
// sent.
type tournamentMail struct{ *mailGame }

// lastReplyTo is the Reply-To of the last mail queued to email that keep
// accepts, with its subject.
func (g tournamentMail) lastReplyTo(email string, keep func(replyTo string) bool) (string, string) {
	conn, err := sql.Open("sqlite", g.db)
	require.NoError(g.t, err)
	defer conn.Close()
	rows, err := conn.Query(`SELECT raw FROM outbox WHERE recipient = ? ORDER BY id DESC`, email)
	require.NoError(g.t, err)
	defer rows.Close()
	for rows.Next() {
		var raw []byte
		require.NoError(g.t, rows.Scan(&raw))
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		require.NoError(g.t, err)
		to, err := mail.ParseAddress(m.Header.Get("Reply-To"))
		require.NoError(g.t, err)
		if keep(to.Address) {
			return to.Address, m.Header.Get("Subject")
		}
	}
	require.NoError(g.t, rows.Err())
	g.t.Fatalf("no mail to %s with the reply address wanted", email)
	return "", ""
}

// write has from write body to address to, as pbem ingest gets it.
func (g tournamentMail) write(from, to, body string) {
	g.n++
	raw := fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: tournament\r\nMessage-ID: <t%d@example.test>\r\nDate: Tue, 01 Dec 2026 12:%02d:00 +0000\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n", from, to, g.n, g.n%60, body)
	g.ingest(raw)
}

// lobby has from write body in reply to the lobby's last mail to them.
func (g tournamentMail) lobby(from, body string) {
	to, _ := g.lastReplyTo(from, func(a string) bool { _, ok := mailer.ParseLobbyAddress(a); return ok })
	g.write(from, to, body)
}

// play has from write body in reply to the last mail of game id to them.
func (g tournamentMail) play(from string, id int64, body string) {
	to, _ := g.lastReplyTo(from, func(a string) bool { gid, _, ok := mailer.ParseReplyAddress(a); return ok && gid == id })
	g.write(from, to, body)
}

// subjects are the subjects of the mails queued to email about no game,
// oldest first.
func (g tournamentMail) subjects(email string) []string {
	conn, err := sql.Open("sqlite", g.db)
	require.NoError(g.t, err)
	defer conn.Close()
	rows, err := conn.Query(`SELECT raw FROM outbox WHERE recipient = ? AND game_id IS NULL ORDER BY id`, email)
	require.NoError(g.t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var raw []byte
		require.NoError(g.t, rows.Scan(&raw))
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		require.NoError(g.t, err)
		out = append(out, m.Header.Get("Subject"))
	}
	return out
}

// showTournament is pbem tournament show ID --json.
func showTournament(t *testing.T, db, id string) tournament.Record {
	t.Helper()
	var r tournament.Record
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "tournament", "show", id, "--json")), &r))
	return r
}

// roundTables are round's tables of r, each its entrants' names in seat
// order, sorted so that the order of the tables does not matter.
func roundTables(r tournament.Record, round int) []string {
	var out []string
	for _, tt := range r.Tables {
		if tt.Round == round {
			out = append(out, strings.Join(tt.Names, "–"))
		}
	}
	slices.Sort(out)
	return out
}

// tableGame is the game of the table of round where name sits.
func tableGame(t *testing.T, r tournament.Record, round int, name string) int64 {
	t.Helper()
	for _, tt := range r.Tables {
		if tt.Round == round && slices.Contains(tt.Names, name) {
			return tt.GameID
		}
	}
	t.Fatalf("%s has no table in round %d", name, round)
	return 0
}

// TestSwissTournamentByMail plays a four-entrant Swiss tournament of three
// rounds to the end by mail, through pbem ingest: Ann makes it at the
// lobby (confirming the command, her mail proving no sender), inviting Bob
// and two computer seats; Bob joins; the people resign or win their games
// by mail; Bob withdraws by mail in the last round.
//
// The pairings, worked by hand from package pairing's rules (doc.go):
//
// Seeds: nobody is rated, so sign-up order: Ann and the two computers
// entered when Ann made it, Bob when he joined: Ann 1, Robot 1 2, Robot 2
// 3, Bob 4.
//
// Round 1 deals by seed, top half against bottom half: 1–3 and 2–4, board
// 1's better seed first, board 2's lesser one: Ann–Robot 2, Bob–Robot 1.
// Ann and Bob resign: Robot 2 and Robot 1 have 1, Ann and Bob 0.
//
// Round 2 ranks Robot 1 (1, seed 2), Robot 2 (1, seed 3), Ann (0, seed 1),
// Bob (0, seed 4): Robot 1 meets the top of its group's lower half, Robot
// 2; Ann meets Bob. Seats: both robots moved second in round 1, the better
// ranked moves first: Robot 1–Robot 2; Ann and Bob both moved first, Ann
// is better ranked: Ann–Bob. The robots' game is played at once by the
// computer, with a random seed: either may win (or they draw). Bob resigns
// to Ann.
//
// Round 3, whoever won the robots' game: the robot with 2 points (or both,
// with 1½, who have met) cannot meet the other robot again nor, for Robot
// 2, Ann; in every case the one pairing without a rematch is Robot 1–Ann
// and Robot 2–Bob. Seats: Robot 1 moved second then first (balance 0), Ann
// first twice (+2): Robot 1 first; Robot 2 second twice (−2), Bob first
// then second (0): Robot 2 first.
//
// Bob withdraws (his game resigned), Ann resigns. Final: Ann 1 point (her
// win over Bob), Buchholz the robots' 5 points between them plus Bob's 0
// = 5, Sonneborn–Berger 0 (Bob, whom she beat, has 0); Bob 0 points,
// Buchholz 5 + Ann's 1 = 6, withdrawn; the robots 5 between them.
func TestSwissTournamentByMail(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob := "ann@example.org", "bob@example.org"
	ok(t, db, "player", "register", ann, "Ann")
	ok(t, db, "player", "register", bob, "Bob")
	g := tournamentMail{&mailGame{t: t, db: db}}

	g.write(ann, "pbem@localhost", "tournament new chiffres swiss 3 with bob@example.org computer computer")
	confirm, subject := g.lastReplyTo(ann, func(string) bool { return true })
	require.Contains(t, subject, "confirm", "a mail to the bare address proves no sender")
	g.write(ann, confirm, "yes")
	r := showTournament(t, db, "1")
	require.Equal(t, "signup", r.Status)
	require.Len(t, r.Entrants, 4)
	g.lobby(bob, "tournament join 1") // in reply to his invitation
	r = showTournament(t, db, "1")
	require.Equal(t, "running", r.Status)
	seeds := map[string]int{}
	for _, e := range r.Entrants {
		seeds[e.Name] = e.Seed
	}
	assert.Equal(t, map[string]int{"Ann": 1, "Robot 1": 2, "Robot 2": 3, "Bob": 4}, seeds)
	assert.Equal(t, []string{"Ann–Robot 2", "Bob–Robot 1"}, roundTables(r, 1))

	g.play(ann, tableGame(t, r, 1, "Ann"), "resign")
	g.play(bob, tableGame(t, r, 1, "Bob"), "resign")
	r = showTournament(t, db, "1")
	assert.Equal(t, []string{"Ann–Bob", "Robot 1–Robot 2"}, roundTables(r, 2))

	g.play(bob, tableGame(t, r, 2, "Bob"), "resign")
	r = showTournament(t, db, "1")
	assert.Equal(t, []string{"Robot 1–Ann", "Robot 2–Bob"}, roundTables(r, 3))

	g.lobby(bob, "tournament withdraw 1")
	g.play(ann, tableGame(t, r, 3, "Ann"), "resign")
	r = showTournament(t, db, "1")
	require.Equal(t, "finished", r.Status)
	require.Len(t, r.Standings, 4)
	annLine, bobLine := r.Standings[2], r.Standings[3]
	assert.Equal(t, tournament.RecordStanding{Place: 3, ID: annLine.ID, Name: "Ann", Points: 1, Buchholz: 5, Played: 3, Won: 1, Lost: 2}, annLine)
	assert.Equal(t, tournament.RecordStanding{Place: 4, ID: bobLine.ID, Name: "Bob", Buchholz: 6, Played: 3, Lost: 3, Withdrawn: true}, bobLine)
	assert.Equal(t, 5.0, r.Standings[0].Points+r.Standings[1].Points)

	for _, who := range []string{ann, bob} {
		got := g.subjects(who)
		for _, want := range []string{"pbem: tournament 1 starts", "pbem: tournament 1, standings after round 1",
			"pbem: tournament 1, standings after round 2", "pbem: tournament 1 is over"} {
			assert.Contains(t, got, want, who)
		}
	}
	page := ok(t, db, "tournament", "export", "1", "--format", "html")
	for _, want := range []string{"<table class=\"standings\">", "Ann", "Robot 2", "Round 3", "(withdrawn)"} {
		assert.Contains(t, page, want)
	}
	assert.NotContains(t, page, "example.org", "a page shows no address")
	assert.NotContains(t, page, "http", "a page fetches nothing")
}
