package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// coversTwo reads a subject that tells two moves: "move 7–8: ...".
var coversTwo = regexp.MustCompile(`, move (\d+)–(\d+): `)

// TestOneMailPerHumanTurn plays a player against a computer seat in each
// game through pbem ingest: every reply of the player brings exactly one
// mail to the player, whose subject covers the player's move and the
// computer's answer.
func TestOneMailPerHumanTurn(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"amplitude", "chiffres", "ludicitude"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, nil)
			ann := players[0]
			s := spec{Kind: kind, Seed: 5, Seats: []seat{ann, {"robot", "Robot"}}, Opts: map[string]string{}}
			args := []string{"game", "new", kind, "--seed", "5", "--player", ann.Email + ":" + ann.Name, "--bot", "Robot"}
			if kind == "ludicitude" {
				s.Opts["bot_nodes"] = "1000"
				args = append(args, "--option", "bot_nodes=1000")
			}
			id, err := strconv.ParseInt(strings.TrimSpace(e.pbem(t, args...)), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			for turn := 1; turn <= 4; turn++ {
				if e.show(t, id).Status != "active" {
					break
				}
				var notations []string
				for _, h := range e.history(t, id) {
					notations = append(notations, h.Notation)
				}
				st := replay(t, s, notations)
				if st.ToMove() != 0 {
					t.Fatalf("turn %d: seat %d is to move, not the player", turn, st.ToMove())
				}
				m, err := st.BotMove(0)
				if err != nil {
					t.Fatal(err)
				}
				mails := queuedTo(t, e, id, ann.Email)
				last := mails[len(mails)-1]
				number := len(notations) + 1
				r := reply{From: ann, To: last.ReplyTo, Answered: last, MessageID: fmt.Sprintf("turn.%d@example.test", number),
					Body: fmt.Sprintf("#%d %s", number, m)}
				if got := e.ingest(t, r.bytes()); got != "processed" {
					t.Fatalf("turn %d: pbem ingest printed %q", turn, got)
				}
				after := queuedTo(t, e, id, ann.Email)
				if len(after) != len(mails)+1 {
					t.Fatalf("turn %d: the reply brought %d mails to the player, want 1", turn, len(after)-len(mails))
				}
				subject := after[len(after)-1].Subject
				if strings.HasSuffix(subject, "the game is over") {
					break
				}
				sm := coversTwo.FindStringSubmatch(subject)
				if sm == nil || sm[1] != strconv.Itoa(number) || sm[2] != strconv.Itoa(number+1) {
					t.Fatalf("turn %d: subject %q does not cover moves %d–%d", turn, subject, number, number+1)
				}
			}
			e.verifyAll(t)
		})
	}
}
