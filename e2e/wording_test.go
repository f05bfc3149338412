package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// zeroPoints is the points of a move that cannot score.
var zeroPoints = regexp.MustCompile(`\b0 points\b`)

// TestMailWording plays a game of each type by mail between two named
// players, through pbem ingest — a dozen moves, a draw offered and
// declined, a resignation — and reads every mail the players got: none
// names a seat by its number, none gives "0 points", none says how the
// game ended twice.
func TestMailWording(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"amplitude", "chiffres", "ludicitude"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			g := newMailGame(t, kind, 21, 12)
			n := 0
			play := func(who seat, body string) {
				t.Helper()
				if got, _ := g.send(t, who, body); got != "processed" {
					t.Fatalf("%s sent %q: pbem ingest printed %q", who.Name, body, got)
				}
			}
			for _, p := range g.plays {
				n++
				play(g.spec.Seats[p.Seat], fmt.Sprintf("#%d %s", n, p.Text))
			}
			next := g.spec.Seats[g.plays[len(g.plays)-1].Seat^1]
			other := g.spec.Seats[g.plays[len(g.plays)-1].Seat]
			play(next, "draw")
			play(other, "decline")
			play(next, "resign")
			s := g.e.show(t, g.id)
			if s.Status != "finished" || s.Ending == "" {
				t.Fatalf("after the resignation the game is %s, ending %q", s.Status, s.Ending)
			}
			ending := s.Ending
			for _, who := range g.spec.Seats {
				for _, m := range queuedTo(t, g.e, g.id, who.Email) {
					text := m.Subject + "\n" + m.Text
					if strings.Contains(text, "Seat ") || regexp.MustCompile(`\bseat \d`).MatchString(text) {
						t.Errorf("a mail to %s names a seat:\n%s", who.Name, text)
					}
					if zeroPoints.MatchString(text) {
						t.Errorf("a mail to %s gives 0 points:\n%s", who.Name, text)
					}
					if strings.Contains(m.Subject, "over") {
						checkEndingOnce(t, who, m.Text, ending)
					}
				}
			}
		})
	}
}

// checkEndingOnce fails when a mail that tells how the game ended says it
// more than once above its status block: the ending of game show (its
// reason) or a "game over" line.
func checkEndingOnce(t *testing.T, who seat, text, ending string) {
	t.Helper()
	text, _, _ = strings.Cut(text, "\n-- \n") // the status block says where the game stands
	lower := strings.ToLower(text)
	phrase := strings.ToLower(ending)
	if i := strings.LastIndex(phrase, ": "); i >= 0 {
		phrase = phrase[i+2:] // "Ann (White) wins: Bob (Black) resigned": the reason
	}
	if n := strings.Count(lower, phrase); n != 1 {
		t.Errorf("the last mail to %s says %q %d times, want once:\n%s", who.Name, phrase, n, text)
	}
	if n := strings.Count(lower, "game over") + strings.Count(lower, "game is over"); n > 1 {
		t.Errorf("the last mail to %s says the game is over %d times:\n%s", who.Name, n, text)
	}
}
