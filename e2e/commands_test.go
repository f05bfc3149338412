package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// mailGame is a two-player game played through pbem ingest, each reply
// answering the last mail its sender got.
type mailGame struct {
	e     *env
	id    int64
	spec  spec
	plays []play
}

func newMailGame(t *testing.T, kind string, seed uint64, moves int) *mailGame {
	t.Helper()
	e := newEnv(t, nil)
	s := spec{Kind: kind, Seed: seed, Seats: []seat{players[0], players[1]}}
	if kind == "ludicitude" {
		s.Opts = map[string]string{"bot_nodes": "1000"}
	}
	return &mailGame{e: e, id: e.newGame(t, s.Kind, s.Seed, s.Seats, s.Opts), spec: s, plays: scripts(t, []spec{s}, moves)[0]}
}

// send is who's reply to their last mail, with body, through pbem ingest;
// it returns what ingest printed and the mails the reply brought to who.
func (g *mailGame) send(t *testing.T, who seat, body string) (string, []received) {
	t.Helper()
	mails := queuedTo(t, g.e, g.id, who.Email)
	last := mails[len(mails)-1]
	r := reply{From: who, To: last.ReplyTo, Answered: last, MessageID: fmt.Sprintf("cmd.%d.%d@example.test", g.id, len(mails)), Body: body}
	got := g.e.ingest(t, r.bytes())
	return got, queuedTo(t, g.e, g.id, who.Email)[len(mails):]
}

// TestIngestHistoryAfterMove: commands in one mail run in order, so a
// history asked after a move lists it.
func TestIngestHistoryAfterMove(t *testing.T) {
	t.Parallel()
	g := newMailGame(t, "chiffres", 7, 1)
	p := g.plays[0]
	who := g.spec.Seats[p.Seat]
	got, mails := g.send(t, who, fmt.Sprintf("#1 %s\nhistory", p.Text))
	if got != "processed" {
		t.Fatalf("pbem ingest printed %q", got)
	}
	want := fmt.Sprintf("  1. %s: %s", who.Name, p.Notation)
	for _, m := range mails {
		if strings.Contains(m.Subject, "the history") {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the history after the move lacks %q:\n%s", want, m.Text)
			}
			return
		}
	}
	t.Fatalf("no history among the %d mails the reply brought", len(mails))
}

// TestIngestDrawAndMove: a draw offer takes no move number, so "draw" and
// a move go in one mail under the number the last mail gave, in either
// order, in Ludicitude.
func TestIngestDrawAndMove(t *testing.T) {
	t.Parallel()
	g := newMailGame(t, "ludicitude", 11, 2)
	first, second := g.plays[0], g.plays[1]
	for i, c := range []struct {
		p    play
		body string
	}{
		{first, fmt.Sprintf("draw\n#1 %s", first.Text)},
		{second, fmt.Sprintf("#2 %s\ndraw", second.Text)},
	} {
		who := g.spec.Seats[c.p.Seat]
		got, mails := g.send(t, who, c.body)
		if got != "processed" {
			t.Fatalf("mail %d (%q): pbem ingest printed %q", i+1, c.body, got)
		}
		if len(mails) != 1 {
			t.Fatalf("mail %d brought %d mails to its sender, want 1", i+1, len(mails))
		}
		if want := fmt.Sprintf("move #%d", i+2); !strings.Contains(mails[0].Text, want) {
			t.Errorf("mail %d: the answer lacks %q:\n%s", i+1, want, mails[0].Text)
		}
	}
	if h := g.e.history(t, g.id); len(h) != 4 {
		t.Errorf("the history holds %d moves, want the two moves and the two offers", len(h))
	}
	g.e.verifyAll(t)
}

// TestIngestAnswersGoToTheAlias: a refusal, and an answer, to a mail the
// player sent from one of their aliases go to that alias, not to the
// registered address; the notifications of moves still go to the latter.
func TestIngestAnswersGoToTheAlias(t *testing.T) {
	t.Parallel()
	g := newMailGame(t, "amplitude", 8, 1)
	p := g.plays[0]
	who := g.spec.Seats[p.Seat]
	alias := "work." + who.Email
	g.e.pbem(t, "player", "alias", who.Email, alias)
	db := openDB(t, g.e.db)
	count := func(to string) int { return queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE recipient = ?`, to) }
	mails := queuedTo(t, g.e, g.id, who.Email)
	last := mails[len(mails)-1]
	send := func(id, body string) string {
		r := reply{From: seat{alias, who.Name}, To: last.ReplyTo, Answered: last, MessageID: id, Body: body}
		return g.e.ingest(t, r.bytes())
	}
	registered := count(who.Email)
	if got := send("alias1@example.test", "#1 H8 rigth 34251"); got != "rejected" {
		t.Fatalf("a mistyped move from the alias: %q", got)
	}
	if got := send("alias2@example.test", "board"); got != "processed" {
		t.Fatalf("board from the alias: %q", got)
	}
	if n := count(alias); n != 2 {
		t.Errorf("the alias got %d mails, want the refusal and the board", n)
	}
	if n := count(who.Email); n != registered {
		t.Errorf("the registered address got %d mails for the alias's", n-registered)
	}
	if got := send("alias3@example.test", "#1 "+p.Text); got != "processed" {
		t.Fatalf("the move from the alias: %q", got)
	}
	if n := count(who.Email); n != registered+1 {
		t.Errorf("the move's notification: %d mails to the registered address, want 1", n-registered)
	}
}
