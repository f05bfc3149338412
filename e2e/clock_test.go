package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestGameWithATimeout plays a game by mail through pbem ingest, with a
// 3-day clock that forfeits: four moves, then the player to move stops
// answering. pbem deadlines --now steps the clock on: a reminder at half
// time, another on the last day, nothing in between, then the forfeit,
// which ends the game; each step done twice does it once; the archive
// replays.
func TestGameWithATimeout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, map[string]string{"PBEM_CLOCK_START": "move"}) // no serve sends the outbox here: the clock starts with the moves
	s := spec{Kind: "amplitude", Seed: 41, Seats: []seat{players[0], players[1]}, Opts: map[string]string{"clock": "3d", "timeout": "forfeit"}}
	g := &mailGame{e: e, id: e.newGame(t, s.Kind, s.Seed, s.Seats, s.Opts), spec: spec{Kind: s.Kind, Seed: s.Seed, Seats: s.Seats}}
	g.plays = scripts(t, []spec{g.spec}, 4)[0]
	for i, p := range g.plays {
		if got, _ := g.send(t, g.spec.Seats[p.Seat], fmt.Sprintf("#%d %s", i+1, p.Text)); got != "processed" {
			t.Fatalf("move %d: pbem ingest printed %q", i+1, got)
		}
	}
	show := e.show(t, g.id)
	if show.Deadline == "" || show.ToMove == "" {
		t.Fatalf("after four moves: deadline %q, to move %q", show.Deadline, show.ToMove)
	}
	deadline, err := time.Parse(time.RFC3339, show.Deadline)
	if err != nil {
		t.Fatal(err)
	}
	late := show.ToMove
	mailsTo := func() int { return len(queuedTo(t, e, g.id, late)) }
	step := func(at time.Time, want string) {
		t.Helper()
		for range 2 { // twice: the second finds nothing to do
			got := strings.TrimSpace(e.pbem(t, "deadlines", "--now", at.UTC().Format(time.RFC3339)))
			if got != want {
				t.Fatalf("pbem deadlines --now %s printed %q, want %q", at.Format(time.RFC3339), got, want)
			}
			want = "0 games acted on"
		}
	}
	start := mailsTo()
	step(deadline.Add(-37*time.Hour), "0 games acted on")
	// The deadline shown is to the second: a second more is past it.
	step(deadline.Add(-36*time.Hour+time.Second), "1 game acted on") // half of 3 days
	step(deadline.Add(-25*time.Hour), "0 games acted on")
	step(deadline.Add(-24*time.Hour+time.Second), "1 game acted on") // the last day
	if n := mailsTo() - start; n != 2 {
		t.Fatalf("%s got %d reminders, want 2", late, n)
	}
	for _, m := range queuedTo(t, e, g.id, late)[start:] {
		if !strings.Contains(m.Subject, "your turn: move 5, time runs out") {
			t.Errorf("a reminder's subject is %q", m.Subject)
		}
	}
	step(deadline.Add(-time.Minute), "0 games acted on")
	step(deadline.Add(time.Second), "1 game acted on")
	end := e.show(t, g.id)
	if end.Status != "finished" || !strings.Contains(end.Ending, "every other player resigned") {
		t.Fatalf("after the timeout: %s, %q", end.Status, end.Ending)
	}
	h := e.history(t, g.id)
	if last := h[len(h)-1]; last.Notation != "timeout forfeit" || last.MessageID != "" {
		t.Errorf("the last move is %+v, want the clock's timeout forfeit", last)
	}
	e.verifyAll(t)
}
