package e2e

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stallNodes is the computer player's search budget in the stall test:
// about a second of search (the engine does some 3 million positions a
// second here), a window wide enough to kill pbem in, short enough to
// search three times.
const stallNodes = "3000000"

// botGame is a Ludicitude game of a player against the computer, the
// player to move first, and the reply that plays that move.
type botGame struct {
	id    int64
	reply []byte
}

// newBotGame creates a game of Ann against the computer with pbem game new
// and writes Ann's first move as a reply to her invitation.
func newBotGame(t *testing.T, e *env, seed uint64) botGame {
	t.Helper()
	ann := players[0]
	out := strings.TrimSpace(e.pbem(t, "game", "new", "ludicitude", "--seed", strconv.FormatUint(seed, 10),
		"--player", ann.Email+":"+ann.Name, "--bot", "Robot", "--option", "bot_nodes="+stallNodes))
	id, err := strconv.ParseInt(out, 10, 64)
	if err != nil {
		t.Fatalf("pbem game new printed %q, not a game ID", out)
	}
	// Any legal first move will do: the computer's own choice under a
	// small budget.
	s := spec{Kind: "ludicitude", Seed: seed, Seats: []seat{ann, {"robot", "Robot"}}, Opts: map[string]string{"bot_nodes": "1000"}}
	first := scripts(t, []spec{s}, 1)[0][0]
	if first.Seat != 0 {
		t.Fatalf("seat %d moves first, not the player", first.Seat)
	}
	mails := queuedTo(t, e, id, ann.Email)
	inv := mails[len(mails)-1]
	r := reply{From: ann, To: inv.ReplyTo, Answered: inv, MessageID: fmt.Sprintf("stall.%d@example.test", id), Body: "#1 " + first.Text}
	return botGame{id: id, reply: r.bytes()}
}

// killAfterPlayersMove pipes the reply into pbem ingest and kills it with
// SIGKILL as soon as the player's move is stored, while the computer
// seat searches its answer; the game is then left with the computer to
// move and nobody to make it.
func killAfterPlayersMove(t *testing.T, e *env, g botGame) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := e.command(ctx, "ingest", "-")
	var errOut bytes.Buffer
	cmd.Stdin, cmd.Stderr = bytes.NewReader(g.reply), &errOut
	if err := cmd.Start(); err != nil {
		t.Fatalf("start pbem ingest: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	db := openDB(t, e.db)
	deadline := time.Now().Add(30 * time.Second)
	for queryInt(t, db, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, g.id) == 0 {
		select {
		case err := <-exited:
			t.Fatalf("pbem ingest ended (%v) before the player's move was stored:\n%s", err, errOut.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the player's move was not stored within 30 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	<-exited
	if n := queryInt(t, db, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, g.id); n != 1 {
		t.Fatalf("at the kill the game holds %d moves, want the player's alone: the computer answered within the window", n)
	}
	if s := e.show(t, g.id); s.ToMove != "Robot" || s.MoveNumber != 1 {
		t.Fatalf("after the kill: move %d, to_move %q; want move 1 with the computer to move", s.MoveNumber, s.ToMove)
	}
}

// resumed checks that the computer has answered the player's move once:
// the game at move 2, the player to move, the player's reply the first
// move's source, and the player's notification of move 2 queued.
func resumed(t *testing.T, e *env, g botGame) {
	t.Helper()
	s := e.show(t, g.id)
	if s.MoveNumber != 2 || s.ToMove != players[0].Email {
		t.Fatalf("game %d: move %d, to_move %q; want move 2, %s to move", g.id, s.MoveNumber, s.ToMove, players[0].Email)
	}
	h := e.history(t, g.id)
	if h[0].MessageID != fmt.Sprintf("stall.%d@example.test", g.id) || h[1].Seat != 1 {
		t.Errorf("game %d history: %+v", g.id, h)
	}
	found := false
	for _, m := range queuedTo(t, e, g.id, players[0].Email) {
		found = found || m.move() == 2
	}
	if !found {
		t.Errorf("game %d: no notification of the computer's move reached the player's outbox", g.id)
	}
}

// TestStalledGameResumes: pbem killed with SIGKILL between the player's
// move and the computer seat's answer leaves the game waiting on the
// computer. The MTA's redelivery of that mail resumes it (one game), and
// pbem serve, started afterwards, resumes it by itself (another); each
// answer is played once, and game verify --all passes.
func TestStalledGameResumes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.env
	byRedelivery, byServe := newBotGame(t, e, 3), newBotGame(t, e, 4)

	killAfterPlayersMove(t, e, byRedelivery)
	if got := e.ingest(t, byRedelivery.reply); got != "processed" {
		t.Fatalf("the redelivered mail was %q", got)
	}
	resumed(t, e, byRedelivery)

	killAfterPlayersMove(t, e, byServe)
	d := e.serve(t, w.log)
	waitFor(t, time.Minute, "pbem serve to resume the stalled game", func() (bool, string) {
		s := e.show(t, byServe.id)
		return s.MoveNumber == 2, fmt.Sprintf("move %d", s.MoveNumber)
	})
	d.stop(t, 15*time.Second)
	resumed(t, e, byServe)
	if n := queryInt(t, openDB(t, e.db), `SELECT COUNT(*) FROM moves`); n != 4 {
		t.Errorf("the two games hold %d moves, want 4", n)
	}
	e.verifyAll(t)
}
