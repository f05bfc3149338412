package e2e

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ingestBare pipes raw into pbem ingest as an MTA that clears the
// environment runs it: no variable at all, in a folder with no pbem.toml,
// only --db on the command line.
func (e *env) ingestBare(t testing.TB, raw []byte) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := e.command(ctx, "ingest", "-")
	cmd.Env = []string{}
	cmd.Dir = t.TempDir()
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(raw), &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("pbem ingest without an environment: %v\n%s", err, errOut.String())
	}
	// Its one log line says the mail was handled; nothing else (a warning
	// that settings differ, an error) may come.
	for _, line := range strings.Split(strings.TrimSpace(errOut.String()), "\n") {
		if !strings.Contains(line, `level=INFO msg="mail handled"`) {
			t.Errorf("pbem ingest without an environment wrote on stderr:\n%s", errOut.String())
			break
		}
	}
	return strings.TrimSpace(out.String())
}

// TestSettingsRecorded: pbem init, told the server's address by the
// environment, records it in the database it creates; a game created
// without the address, and a reply piped into pbem ingest with no
// environment and no pbem.toml, both write reply addresses on it, not on
// pbem@localhost.
func TestSettingsRecorded(t *testing.T) {
	const address = "games@example.org"
	e := newEnv(t, map[string]string{"PBEM_ADDRESS": address})
	out := e.pbem(t, "init")
	if !strings.Contains(out, "created "+e.db) {
		t.Fatalf("pbem init printed %q", out)
	}
	delete(e.vars, "PBEM_ADDRESS") // from here on, only the database knows it

	s := spec{Kind: "amplitude", Seed: 9, Seats: []seat{players[0], players[1]}}
	id := e.newGame(t, s.Kind, s.Seed, s.Seats, nil)
	replyTo := regexp.MustCompile(`^games\+` + strconv.FormatInt(id, 10) + `-[A-Za-z2-7]+@example\.org$`)
	first := s.Seats[0]
	invitations := queuedTo(t, e, id, first.Email)
	if len(invitations) != 1 {
		t.Fatalf("%d invitations to %s, want 1", len(invitations), first.Email)
	}
	if got := invitations[0].ReplyTo; !replyTo.MatchString(got) {
		t.Fatalf("the invitation's Reply-To is %q, want games+%d-TOKEN@example.org", got, id)
	}

	plays := scripts(t, []spec{s}, 1)[0]
	r := reply{From: first, To: invitations[0].ReplyTo, Answered: invitations[0], MessageID: "bare1@example.test", Body: "#1 " + plays[0].Text}
	if got := e.ingestBare(t, r.bytes()); got != "processed" {
		t.Fatalf("pbem ingest printed %q", got)
	}
	if got := e.show(t, id).MoveNumber; got != 1 {
		t.Fatalf("after the reply the game is at move %d, want 1", got)
	}
	second := s.Seats[1]
	mails := queuedTo(t, e, id, second.Email)
	if len(mails) < 2 {
		t.Fatalf("%s got %d mails, want the invitation and the move", second.Email, len(mails))
	}
	turn := mails[len(mails)-1]
	if !replyTo.MatchString(turn.ReplyTo) {
		t.Errorf("the mail ingest queued has Reply-To %q, want games+%d-TOKEN@example.org", turn.ReplyTo, id)
	}
	if !bytes.Contains(turn.Raw, []byte("From: \"pbem\" <"+address+">")) {
		t.Errorf("the mail ingest queued is not from %s:\n%s", address, turn.Raw[:min(len(turn.Raw), 600)])
	}
}
