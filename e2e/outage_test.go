package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestSMTPOutage: the relay refuses every mail (421) while players move.
// The moves are applied all the same, their notifications wait in the
// outbox, and once the relay is back every one of them goes out, with no
// one touching the daemon: the sender retries on its own backoff, set to
// start at one second here (smtp.retry; 30 s by default).
func TestSMTPOutage(t *testing.T) {
	t.Parallel()
	const moves = 4
	w := newWorld(t)
	w.env.vars["PBEM_SMTP_RETRY"] = "1s"
	gs := createGames(t, w.env, []spec{{Kind: "amplitude", Seed: 77, Seats: players[:2]}}, moves)
	g := gs[0]
	d := w.env.serve(t, w.log)
	waitInvitations(t, w.sink, gs, 30*time.Second)
	writeReplies(t, w.sink, gs)
	db := openDB(t, w.env.db)

	w.sink.SetDown(true)
	outage := time.Now()
	for _, raw := range g.Replies {
		if err := w.imap.Append("", raw); err != nil {
			t.Fatal(err)
		}
	}
	// Every move is applied, and each of its notifications has been tried
	// once and refused.
	waitFor(t, 30*time.Second, "the moves applied and their mails refused", func() (bool, string) {
		played := queryInt(t, db, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, g.ID)
		tried := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE game_id = ? AND sent_at IS NULL AND attempts > 0`, g.ID)
		return played == moves && tried == moves*len(g.Seats), fmt.Sprintf("%d moves, %d mails tried", played, tried)
	})
	checkGame(t, w.env, g, moves)
	if n := w.sink.count(); n != len(g.Seats) {
		t.Fatalf("the relay got %d mails during the outage; want only the %d invitations from before", n, len(g.Seats))
	}
	for _, r := range outbox(t, db, g.ID)[len(g.Seats):] {
		if r.Sent || r.Attempts < 1 {
			t.Errorf("mail %s: sent %v after %d attempts during the outage", r.MessageID, r.Sent, r.Attempts)
		}
	}
	if n := w.count("INBOX"); n != 0 {
		t.Errorf("the inbox holds %d mails; the replies should be filed whatever the relay does", n)
	}

	w.sink.SetDown(false)
	back := time.Now()
	waitFor(t, 90*time.Second, "the outbox drained after the outage", func() (bool, string) {
		unsent := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL`)
		return unsent == 0, fmt.Sprintf("%d unsent", unsent)
	})
	t.Logf("outage of %v; the outbox drained %v after the relay came back",
		back.Sub(outage).Round(time.Millisecond), time.Since(back).Round(time.Millisecond))
	got := map[notificationKey]int{}
	for _, m := range w.sink.all() {
		got[keyOf(m)]++
	}
	for n := 1; n <= moves; n++ {
		for _, s := range g.Seats {
			if k := (notificationKey{game: g.ID, move: n, to: strings.ToLower(s.Email)}); got[k] != 1 {
				t.Errorf("%s got the notification of move %d %d times, want 1", s.Email, n, got[k])
			}
		}
	}
	d.stop(t, 15*time.Second)
	w.env.verifyAll(t)
}
