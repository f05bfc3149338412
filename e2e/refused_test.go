package e2e

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// TestRelayRefusesAnAddress: the relay answers 550 5.1.1 at RCPT for
// Bob's address. pbem serve tries his invitation once, abandons it with
// the relay's reply, and tells Ann and Cyd, once, that the game waits on
// an address that receives no mail. The first move's mail to Bob is
// refused in turn: one attempt, abandoned, and nobody told again.
func TestRelayRefusesAnAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bob := strings.ToLower(players[1].Email)
	var mu sync.Mutex
	rcpts := map[string]int{}
	w.sink.RefuseRecipients(func(to string) error {
		mu.Lock()
		defer mu.Unlock()
		to = strings.ToLower(to)
		rcpts[to]++
		if to == bob {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
		}
		return nil
	})
	attempts := func(to string) int {
		mu.Lock()
		defer mu.Unlock()
		return rcpts[to]
	}
	g := createGames(t, w.env, []spec{{Kind: "amplitude", Seed: 77, Seats: players[:3]}}, 1)[0]
	first := g.Seats[g.Script[0].Seat]
	if strings.EqualFold(first.Email, bob) {
		t.Fatalf("the script opens with Bob, who gets no mail: pick another seed")
	}
	d := w.env.serve(t, w.log)
	db := openDB(t, w.env.db)
	// told counts the notices that an address bounces, by recipient:
	// those the relay took, and those queued in the outbox.
	told := func() (got, queued map[string]int) {
		got, queued = map[string]int{}, map[string]int{}
		for _, m := range w.sink.all() {
			if strings.Contains(m.Subject, "address bounces") {
				got[strings.ToLower(m.To[0])]++
			}
		}
		for _, r := range outbox(t, db, g.ID) {
			if m, err := readMail(r.Raw); err == nil && strings.Contains(m.Subject, "address bounces") {
				queued[strings.ToLower(r.Recipient)]++
			}
		}
		return got, queued
	}
	refused := func() int {
		return queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE game_id = ? AND recipient = ? AND abandoned_at IS NOT NULL
			AND attempts = 1 AND last_error = '550 5.1.1 No such user'`, g.ID, bob)
	}

	waitFor(t, 30*time.Second, "Bob's invitation refused, Ann and Cyd told", func() (bool, string) {
		got, _ := told()
		return refused() == 1 && len(got) == 2, fmt.Sprintf("%d of Bob's mails abandoned; notices %v", refused(), got)
	})
	got, _ := told()
	for _, s := range []seat{players[0], players[2]} {
		if n := got[strings.ToLower(s.Email)]; n != 1 {
			t.Errorf("%s got %d notices that Bob's address bounces, want 1", s.Email, n)
		}
		if m := w.sink.last(t, g.ID, s.Email); !strings.Contains(strings.Join(strings.Fields(m.Text), " "),
			"Bob's address bob@example.test bounces: 5.1.1, the address does not exist: 550 5.1.1 No such user.") {
			t.Errorf("the notice to %s says:\n%s", s.Email, m.Text)
		}
	}

	inv := w.sink.invitation(t, g.ID, first.Email)
	move := reply{From: first, To: inv.ReplyTo, Answered: inv, MessageID: replyID(g.ID, 1, first), Body: "#1 " + g.Script[0].Text}
	if err := w.imap.Append("", move.bytes()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "the first move's mail to Bob refused", func() (bool, string) {
		return refused() == 2, fmt.Sprintf("%d of Bob's mails abandoned", refused())
	})
	if n := attempts(bob); n != 2 {
		t.Errorf("the relay saw %d attempts at Bob's address, want 2: one a mail", n)
	}
	if _, queued := told(); len(queued) != 2 || queued[strings.ToLower(players[0].Email)] != 1 || queued[strings.ToLower(players[2].Email)] != 1 {
		t.Errorf("notices queued: %v; want one to Ann and one to Cyd", queued)
	}
	d.stop(t, 15*time.Second)
	w.env.verifyAll(t)
}
