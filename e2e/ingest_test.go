package e2e

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// ingest pipes raw into pbem ingest, as an MTA would, and returns what it
// printed: "processed" or "rejected".
func (e *env) ingest(t testing.TB, raw []byte) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := e.command(ctx, "ingest", "-")
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(raw), &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("pbem ingest: %v\n%s", err, errOut.String())
	}
	return strings.TrimSpace(out.String())
}

// queuedTo is every mail of game queued for email, oldest first, as the
// player would read it.
func queuedTo(t testing.TB, e *env, game int64, email string) []received {
	t.Helper()
	var out []received
	for _, row := range outbox(t, openDB(t, e.db), game) {
		if row.Recipient != email {
			continue
		}
		m, err := readMail(row.Raw)
		if err != nil {
			t.Fatalf("queued mail %s: %v", row.MessageID, err)
		}
		out = append(out, m)
	}
	return out
}

// TestIngestChatterAndThanks plays by mail through pbem ingest as players
// write: a move under a chat line with digits is applied; a move above a
// sign-off with a phone number is too; a thank-you mail gets where the
// game stands once, and a second one within the hour gets nothing.
func TestIngestChatterAndThanks(t *testing.T) {
	e := newEnv(t, nil)
	s := spec{Kind: "amplitude", Seed: 9, Seats: []seat{players[0], players[1]}}
	id := e.newGame(t, s.Kind, s.Seed, s.Seats, nil)
	plays := scripts(t, []spec{s}, 2)[0]
	if len(plays) < 2 {
		t.Fatalf("the script has %d moves", len(plays))
	}
	answer := func(n int, p play, body string) string {
		who := s.Seats[p.Seat]
		mails := queuedTo(t, e, id, who.Email)
		last := mails[len(mails)-1]
		r := reply{From: who, To: last.ReplyTo, Answered: last, MessageID: fmt.Sprintf("ingest%d@example.test", n), Body: body}
		return e.ingest(t, r.bytes())
	}

	first := plays[0]
	if got := answer(1, first, "Sorry, took me 2 hours to find this one. 3 more and I'm out!\n#1 "+first.Text); got != "processed" {
		t.Fatalf("a move under a chat line with digits: pbem ingest printed %q", got)
	}
	if got := e.show(t, id).MoveNumber; got != 1 {
		t.Fatalf("after the first reply the game is at move %d, want 1", got)
	}

	second := plays[1]
	body := "#2 " + second.Text + "\n\nRegards,\n" + s.Seats[second.Seat].Name + " Smith\nAcme Games Ltd\n+44 20 7946 0958"
	if got := answer(2, second, body); got != "processed" {
		t.Fatalf("a move above a signature with a phone number: pbem ingest printed %q", got)
	}
	if got := e.show(t, id).MoveNumber; got != 2 {
		t.Fatalf("after the second reply the game is at move %d, want 2", got)
	}
	for _, h := range e.history(t, id) {
		if h.MessageID == "" {
			t.Errorf("move %d was not played by mail", h.Number)
		}
	}

	thanker := plays[0] // the first seat, to move again after two moves
	who := s.Seats[thanker.Seat]
	before := len(queuedTo(t, e, id, who.Email))
	if got := answer(3, thanker, "Thanks for the game so far, see you at the club on 2026-12-24!"); got != "processed" {
		t.Fatalf("a thank-you mail: pbem ingest printed %q", got)
	}
	mails := queuedTo(t, e, id, who.Email)
	if len(mails) != before+1 {
		t.Fatalf("a thank-you mail brought %d mails to %s, want 1", len(mails)-before, who.Email)
	}
	status := mails[len(mails)-1].Text
	for _, want := range []string{"held no command", "It is your turn: move #3.", "Your rack: "} {
		if !strings.Contains(status, want) {
			t.Errorf("the status answer lacks %q:\n%s", want, status)
		}
	}
	if got := answer(4, thanker, "And thanks again, really."); got != "processed" {
		t.Fatalf("a second thank-you mail: pbem ingest printed %q", got)
	}
	if n := len(queuedTo(t, e, id, who.Email)); n != before+1 {
		t.Errorf("a second thank-you within the hour brought %d more mails, want none", n-before-1)
	}
	if got := e.show(t, id).MoveNumber; got != 2 {
		t.Errorf("the thank-you mails moved the game to move %d", got)
	}
}
