package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestIngestDigest: a player set to mail digest 08:00 by the operator gets,
// at 08:00 (pbem deadlines --now), one digest of the two games where it is
// their turn and nothing when it runs again; a reply to it through pbem
// ingest, a line per game, plays in both, once however often it comes.
func TestIngestDigest(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	first := spec{Kind: "amplitude", Seed: 9, Seats: []seat{players[0], players[1]}}
	plays := scripts(t, []spec{first}, 1)[0]
	who := first.Seats[plays[0].Seat]
	// The second game seats the player where its first move is.
	second := spec{Kind: "amplitude", Seed: 12, Seats: []seat{players[2], players[2]}}
	plays2 := scripts(t, []spec{second}, 1)[0]
	second.Seats[plays2[0].Seat] = who
	ids := []int64{e.newGame(t, first.Kind, first.Seed, first.Seats, nil), e.newGame(t, second.Kind, second.Seed, second.Seats, nil)}

	if out := e.pbem(t, "player", "mail", who.Email, "digest", "08:00"); !strings.Contains(out, "one mail a day at 08:00 UTC") {
		t.Fatalf("pbem player mail printed %q", out)
	}
	// The next 08:00 UTC after the preference was set: 2026-12-02T08:00:00Z
	// on the day the test was written.
	now := time.Now().UTC()
	at := time.Date(now.Year(), now.Month(), now.Day(), 8, 0, 0, 0, time.UTC)
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	for i, want := range []string{"0 games acted on\n1 digest sent", "0 games acted on"} {
		if got := strings.TrimSpace(e.pbem(t, "deadlines", "--now", at.Format(time.RFC3339))); got != want {
			t.Fatalf("pbem deadlines --now %s, run %d, printed %q, want %q", at.Format(time.RFC3339), i+1, got, want)
		}
	}
	digests := digestsTo(t, e, who.Email)
	if len(digests) != 1 {
		t.Fatalf("%s got %d digests, want 1", who.Email, len(digests))
	}
	digest := digests[0]
	if digest.Subject != "pbem: your turn in 2 games" || !strings.Contains(digest.ReplyTo, "+digest-") {
		t.Fatalf("the digest: subject %q, reply to %q", digest.Subject, digest.ReplyTo)
	}
	for _, id := range ids {
		if want := fmt.Sprintf("Amplitude, game %d · move #1 · your turn", id); !strings.Contains(digest.Text, want) {
			t.Errorf("the digest lacks %q:\n%s", want, digest.Text)
		}
	}

	r := reply{From: who, To: digest.ReplyTo, Answered: digest, MessageID: "digest-reply@example.test",
		Body: fmt.Sprintf("Good morning!\ngame %d: #1 %s\ngame #%d: #1 %s", ids[0], plays[0].Text, ids[1], plays2[0].Text)}
	raw := r.bytes()   // one mail, delivered twice: the same bytes
	for i := range 2 { // twice: the second copy plays nothing
		if got := e.ingest(t, raw); got != "processed" {
			t.Fatalf("the reply to the digest, copy %d: pbem ingest printed %q", i+1, got)
		}
	}
	for i, id := range ids {
		h := e.history(t, id)
		if len(h) != 1 {
			t.Fatalf("game %d holds %d moves after the reply to the digest, want 1", id, len(h))
		}
		want := []string{plays[0].Notation, plays2[0].Notation}[i]
		if h[0].Notation != want || h[0].MessageID != r.MessageID || h[0].Player != who.Email {
			t.Errorf("game %d: the move is %+v, want %s by %s from %s", id, h[0], want, who.Email, r.MessageID)
		}
	}
	e.verifyAll(t)
}
