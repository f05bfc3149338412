package e2e

import (
	"bytes"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestKillNine is the exactly-once proof. Twenty games (14 Amplitude, 3
// Chiffres, 3 Ludicitude, two human seats each) get their first ten moves
// as 200 replies put in the inbox at once, interleaved, while pbem serve
// is killed with SIGKILL at random moments and restarted, again and again,
// until every reply is played, filed and answered. Then: every game has exactly its ten moves, each
// from the reply that carried it; every game replays; every player got
// every move's notification, and a mail sent twice (the daemon killed
// between the relay's answer and the commit of "sent") was the same mail
// byte for byte; every reply is in pbem/processed.
func TestKillNine(t *testing.T) {
	t.Parallel()
	const moves = 10
	w := newWorld(t)
	gs := createGames(t, w.env, mix(20, 14, 3, 1000), moves)
	for _, g := range gs {
		if len(g.Script) != moves {
			t.Fatalf("game %d (%s seed %d) lasts %d moves, not %d", g.ID, g.Kind, g.Seed, len(g.Script), moves)
		}
	}
	// The relay takes a few milliseconds to say it took a mail, as over a
	// network: a kill in that window makes the daemon send the mail again.
	w.sink.latency.Store(int64(3 * time.Millisecond))
	d := w.env.serve(t, w.log)
	waitInvitations(t, w.sink, gs, 30*time.Second)
	writeReplies(t, w.sink, gs)

	rng := rand.New(rand.NewPCG(9, 9))
	perGame := make([][][]byte, len(gs))
	for i, g := range gs {
		perGame[i] = g.Replies
	}
	inbox := interleave(rng, perGame)
	for _, raw := range inbox {
		if err := w.imap.Append("", raw); err != nil {
			t.Fatal(err)
		}
	}

	db := openDB(t, w.env.db)
	total := len(inbox)
	// status says whether everything is done (the moves played, the
	// replies filed, the notifications sent), a measure of the progress
	// and where things stand.
	status := func() (done bool, progress int, state string) {
		played := queryInt(t, db, `SELECT COUNT(*) FROM moves`)
		if played > total {
			t.Fatalf("%d moves played from %d replies", played, total)
		}
		inboxN, processed := w.count("INBOX"), w.count("pbem/processed")
		sent := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL`)
		unsent := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL`)
		return played == total && inboxN == 0 && processed == total && unsent == 0,
			played + processed + sent,
			fmt.Sprintf("%d moves of %d, inbox %d, processed %d, sent %d, unsent %d", played, total, inboxN, processed, sent, unsent)
	}
	// Kill the daemon after a random 50 to 400 ms of life and start
	// another, until everything is done. Should five lives in a row get
	// nothing done (a machine so loaded that starting takes longer), the
	// next lives 2 s, so that the test ends.
	deadline := time.Now().Add(3 * time.Minute)
	start, kills, idle := time.Now(), 0, 0
	done, before, state := status()
	for !done {
		life := time.Duration(50+rng.IntN(351)) * time.Millisecond
		if idle >= 5 {
			life = 2 * time.Second
			t.Logf("five lives in a row did nothing (%s): the next lives %v", state, life)
		}
		born := time.Now()
		for !done && time.Since(born) < life {
			if !d.alive() {
				t.Fatalf("pbem serve exited by itself: %v (%s)", d.err, state)
			}
			time.Sleep(5 * time.Millisecond)
			done, _, state = status()
		}
		if done {
			break
		}
		d.kill()
		kills++
		_, progress, _ := status()
		if progress == before {
			idle++
		} else {
			idle = 0
		}
		before = progress
		if time.Now().After(deadline) {
			t.Fatalf("after %d kills and %v: %s", kills, time.Since(start), state)
		}
		d = w.env.serve(t, w.log)
	}
	t.Logf("all %d replies played, filed and answered after %v and %d kill -9", total, time.Since(start).Round(time.Millisecond), kills)
	d.stop(t, 15*time.Second)

	for _, g := range gs {
		checkGame(t, w.env, g, moves)
	}
	// Each reply is recorded once, as applied, however often it was read.
	if n, applied := queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails`), queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails WHERE outcome = 'applied'`); n != total || applied != total {
		t.Errorf("%d inbound mails recorded, %d applied; want %d and %d", n, applied, total, total)
	}
	w.env.verifyAll(t)
	checkNotifications(t, w.sink, db, gs, moves)
	if n := w.count("pbem/rejected"); n != 0 {
		t.Errorf("pbem/rejected holds %d mails, want 0", n)
	}
}

// checkGame checks a game's moves against its script: the number, the
// seat, the notation, and the reply each came from.
func checkGame(t testing.TB, e *env, g *created, moves int) {
	t.Helper()
	if s := e.show(t, g.ID); s.MoveNumber != moves || s.Status != "active" {
		t.Errorf("game %d: move_number %d status %s, want %d active", g.ID, s.MoveNumber, s.Status, moves)
	}
	h := e.history(t, g.ID)
	if len(h) != moves {
		t.Errorf("game %d has %d moves in its history, want %d", g.ID, len(h), moves)
		return
	}
	for i, m := range h {
		p := g.Script[i]
		want := replyID(g.ID, i+1, g.Seats[p.Seat])
		if m.Number != i+1 || m.Seat != p.Seat || m.Notation != p.Notation || m.MessageID != want {
			t.Errorf("game %d move %d: got #%d seat %d %q from %s, want seat %d %q from %s",
				g.ID, i+1, m.Number, m.Seat, m.Notation, m.MessageID, p.Seat, p.Notation, want)
		}
	}
}

// checkNotifications checks what the relay received: for every game, move
// and seat, the notification of that move to that seat's player arrived at
// least once; every copy of a notification bears one Message-ID, and every
// copy of a mail has the bytes the outbox holds for it; the outbox holds
// nothing else (no refusal, no second notification) and has sent it all.
func checkNotifications(t testing.TB, sk *sink, db *sql.DB, gs []*created, moves int) {
	t.Helper()
	rows := map[string]outboxRow{}
	for _, g := range gs {
		box := outbox(t, db, g.ID)
		if want := len(g.Seats) * (moves + 1); len(box) != want {
			t.Errorf("game %d: the outbox holds %d mails, want %d (an invitation and %d notifications a player)", g.ID, len(box), want, moves)
		}
		for _, r := range box {
			rows[r.MessageID] = r
			if !r.Sent {
				t.Errorf("game %d: mail %s to %s is not sent", g.ID, r.MessageID, r.Recipient)
			}
		}
	}
	copies := map[string]int{}
	byKey := map[notificationKey]map[string]bool{}
	for _, m := range sk.all() {
		r, ok := rows[m.MessageID]
		switch {
		case !ok:
			t.Errorf("the relay got mail %s (%q to %v), which no game's outbox holds", m.MessageID, m.Subject, m.To)
			continue
		case !bytes.Equal(m.Raw, r.Raw):
			t.Errorf("a copy of mail %s differs from the outbox's bytes", m.MessageID)
		case len(m.To) != 1 || !strings.EqualFold(m.To[0], r.Recipient):
			t.Errorf("mail %s went to %v, the outbox says %s", m.MessageID, m.To, r.Recipient)
		}
		copies[m.MessageID]++
		if m.move() > 0 {
			k := keyOf(m)
			if byKey[k] == nil {
				byKey[k] = map[string]bool{}
			}
			byKey[k][m.MessageID] = true
		}
	}
	resent := 0
	for id, n := range copies {
		if n > 1 {
			resent++
			t.Logf("mail %s was delivered %d times, identical", id, n)
		}
	}
	for _, g := range gs {
		for n := 1; n <= moves; n++ {
			for _, s := range g.Seats {
				ids := byKey[notificationKey{game: g.ID, move: n, to: strings.ToLower(s.Email)}]
				switch {
				case len(ids) == 0:
					t.Errorf("game %d: %s never got the notification of move %d", g.ID, s.Email, n)
				case len(ids) > 1:
					t.Errorf("game %d: %s got the notification of move %d under %d Message-IDs: %v", g.ID, s.Email, n, len(ids), ids)
				}
			}
		}
	}
	t.Logf("the relay got %d mails, %d distinct, %d of them more than once", len(sk.all()), len(copies), resent)
}

// notificationKey names a notification independently of its Message-ID:
// game, move and recipient.
type notificationKey struct {
	game int64
	move int
	to   string
}

func keyOf(m received) notificationKey {
	return notificationKey{game: m.Game, move: m.move(), to: strings.ToLower(strings.Join(m.To, ","))}
}
