package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestStatusBlockInEveryMail plays through pbem ingest so that each kind of
// mail is sent — invitations, turns, board, help, history, a relayed say,
// the status answer to a thank-you, a refusal — and checks that every one
// ends with the status block: the move number to write next, whose turn,
// the recipient's own rack and nobody else's, and the reply address.
func TestStatusBlockInEveryMail(t *testing.T) {
	t.Parallel()
	g := newMailGame(t, "amplitude", 31, 2)
	db := openDB(t, g.e.db)
	seen := 0
	kinds := map[string]bool{}
	check := func(step string) {
		t.Helper()
		s := g.e.show(t, g.id)
		racks := map[string]string{}
		for _, p := range s.Players {
			racks[p.Email] = strings.Join(strings.Split(p.Rack, ""), " ")
		}
		rows := outbox(t, db, g.id)
		for _, row := range rows[seen:] {
			m, err := readMail(row.Raw)
			if err != nil {
				t.Fatal(err)
			}
			kinds[kindOf(m.Subject)] = true
			_, block, ok := strings.Cut(m.Text, "\n-- \n")
			if !ok {
				t.Errorf("%s: the mail %q has no status block:\n%s", step, m.Subject, m.Text)
				continue
			}
			turn := "your turn"
			if s.ToMove != row.Recipient {
				turn = " to play"
			}
			for _, want := range []string{fmt.Sprintf("move #%d · ", s.NextMove), turn, "Your rack: " + racks[row.Recipient] + "\n", "Reply to " + m.ReplyTo} {
				if !strings.Contains(block, want) {
					t.Errorf("%s: the status block of %q to %s lacks %q:\n%s", step, m.Subject, row.Recipient, want, block)
				}
			}
			for who, rack := range racks {
				if who != row.Recipient && strings.Contains(m.Text, "Your rack: "+rack+"\n") {
					t.Errorf("%s: the mail %q to %s shows %s's rack", step, m.Subject, row.Recipient, who)
				}
			}
		}
		seen = len(rows)
	}
	check("the invitations")
	first := g.plays[0]
	mover, waiting := g.spec.Seats[first.Seat], g.spec.Seats[first.Seat^1]
	steps := []struct {
		who  seat
		body string
	}{
		{mover, "#1 " + first.Text},
		{waiting, "board\nhelp\nhistory\nsay Nice one!"},
		{waiting, "Thanks for the game so far."},
		{waiting, "#2 H8 rigth 34251"},
	}
	for _, st := range steps {
		g.send(t, st.who, st.body)
		check(fmt.Sprintf("%s sent %q", st.who.Name, st.body))
	}
	for _, k := range []string{"a new game", "move", "the board", "help", "the history", "says", "where the game stands", "your command was refused"} {
		if !kinds[k] {
			t.Errorf("no %q mail was sent; kinds seen: %v", k, kinds)
		}
	}
}

// kindOf is the kind of a game's mail, from its subject: "[#1-…] Amplitude,
// the board" is "the board", "…, move 3: …" is "move", "…, Ann says" is
// "says".
func kindOf(subject string) string {
	_, topic, _ := strings.Cut(subject, ", ")
	switch {
	case strings.HasPrefix(topic, "move "):
		return "move"
	case strings.HasSuffix(topic, " says"):
		return "says"
	}
	return topic
}
