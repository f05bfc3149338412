package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// registerAll signs up the seats as the accounts' confirmation would,
// the database made first by a command.
func (e *env) registerAll(t testing.TB, seats ...seat) {
	t.Helper()
	e.pbem(t, "game", "list")
	db := openDB(t, e.db)
	for _, s := range seats {
		if _, err := db.Exec(`INSERT INTO players (email, name, created_at, registered_at) VALUES (?, ?, '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z')`, s.Email, s.Name); err != nil {
			t.Fatal(err)
		}
	}
}

// lobbyMail is a mail from s to the server's bare address (or to, when
// set), answering inReplyTo when set.
func lobbyMail(s seat, to, inReplyTo, messageID, body string) []byte {
	if to == "" {
		to = serverAddress
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s <%s>\r\nTo: %s\r\nSubject: games\r\nDate: %s\r\nMessage-ID: <%s>\r\n", s.Name, s.Email, to, time.Now().UTC().Format(time.RFC1123Z), messageID)
	if inReplyTo != "" {
		fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: <%s>\r\n", inReplyTo, inReplyTo)
	}
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n") + "\r\n")
	return []byte(b.String())
}

// confirmByIngest answers the last lobby mail to who, a confirmation of
// what they wrote, with a reply that says nothing more, through pbem
// ingest: a first mail to the bare address proves no sender.
func (e *env) confirmByIngest(t testing.TB, who seat, messageID string) {
	t.Helper()
	mails := lobbyMailsTo(t, e, who.Email)
	if len(mails) == 0 || !strings.Contains(mails[len(mails)-1].ReplyTo, "+confirm-") {
		t.Fatalf("no confirmation to %s: %+v", who.Email, mails)
	}
	last := mails[len(mails)-1]
	if got := e.ingest(t, reply{From: who, To: last.ReplyTo, Answered: last, MessageID: messageID, Body: "Yes."}.bytes()); got != "processed" {
		t.Fatalf("confirmation: pbem ingest printed %q", got)
	}
}

// TestIngestChallengeAcceptedAndPlayedToTheEnd: through pbem ingest, Ann
// challenges Bob to Chiffres by mail (her first mail to the bare address
// confirmed by a reply), Bob accepts by replying to the invitation, and
// the game so started is played to its end by replies; a second
// challenge, to Cyd, written in reply to a mail of the server's (so done
// at once), expires under pbem deadlines --now, both told, and pbem
// challenge list shows the two.
func TestIngestChallengeAcceptedAndPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, bob, cyd := players[0], players[1], players[2]
	e.registerAll(t, ann, bob)
	if got := e.ingest(t, lobbyMail(ann, "", "", "new1@example.test", "new chiffres with bob@example.test")); got != "processed" {
		t.Fatalf("new: pbem ingest printed %q", got)
	}
	if inv := lobbyMailsTo(t, e, bob.Email); len(inv) != 0 {
		t.Fatalf("Bob invited before Ann confirmed: %+v", inv)
	}
	e.confirmByIngest(t, ann, "confirm1@example.test")
	inv := lobbyMailsTo(t, e, bob.Email)
	if len(inv) != 1 || !strings.Contains(inv[0].ReplyTo, "+challenge-1-") {
		t.Fatalf("Bob's invitation: %+v", inv)
	}
	if got := e.ingest(t, lobbyMail(bob, inv[0].ReplyTo, inv[0].MessageID, "accept1@example.test", "accept\n\nSee you on the board.")); got != "processed" {
		t.Fatalf("accept: pbem ingest printed %q", got)
	}
	var list []struct {
		ID     int64  `json:"id"`
		Status string `json:"status"`
		GameID int64  `json:"game_id"`
	}
	if err := json.Unmarshal([]byte(e.pbem(t, "challenge", "list", "--json")), &list); err != nil || len(list) != 1 || list[0].Status != "started" {
		t.Fatalf("challenge list after the accept: %+v %v", list, err)
	}
	id := list[0].GameID
	var record struct {
		Seed uint64 `json:"seed"`
	}
	if err := json.Unmarshal([]byte(e.pbem(t, "game", "export", fmt.Sprint(id))), &record); err != nil {
		t.Fatal(err)
	}
	s := spec{Kind: "chiffres", Seed: record.Seed, Seats: []seat{ann, bob}}
	for n, p := range scripts(t, []spec{s}, 500)[0] {
		who := s.Seats[p.Seat]
		mails := queuedTo(t, e, id, who.Email)
		last := mails[len(mails)-1]
		r := reply{From: who, To: last.ReplyTo, Answered: last, MessageID: fmt.Sprintf("move%d@example.test", n), Body: fmt.Sprintf("#%d %s", n+1, p.Text)}
		if got := e.ingest(t, r.bytes()); got != "processed" {
			t.Fatalf("move %d: pbem ingest printed %q", n+1, got)
		}
	}
	if got := e.show(t, id).Status; got != "finished" {
		t.Fatalf("the challenge's game is %s at the end of its script", got)
	}

	annLast := lobbyMailsTo(t, e, ann.Email)
	last := annLast[len(annLast)-1]
	e.ingest(t, reply{From: ann, To: last.ReplyTo, Answered: last, MessageID: "new2@example.test", Body: "new amplitude with " + cyd.Email}.bytes())
	later := time.Now().Add(7*24*time.Hour + time.Hour).UTC().Format(time.RFC3339)
	if out := e.pbem(t, "deadlines", "--now", later); !strings.Contains(out, "1 challenge expired") {
		t.Fatalf("pbem deadlines printed %q", out)
	}
	for _, who := range []seat{ann, cyd} {
		mails := lobbyMailsTo(t, e, who.Email)
		if !strings.Contains(mails[len(mails)-1].Text, "Challenge 2 (Amplitude") {
			t.Fatalf("%s was not told of the expiry: %q", who.Name, mails[len(mails)-1].Text)
		}
	}
	if out := e.pbem(t, "challenge", "list"); !strings.Contains(out, "expired") || !strings.Contains(out, "started") {
		t.Fatalf("pbem challenge list printed\n%s", out)
	}
}

// TestServeGameAgainstTheComputer: through pbem serve and the in-memory
// IMAP server, a registered player writes new chiffres with computer to
// the bare address, confirms it by replying to the confirmation, gets the
// game's invitation by SMTP, and plays it to its end by replying, the
// computer answering each move.
func TestServeGameAgainstTheComputer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ann := players[0]
	w.env.registerAll(t, ann)
	d := w.env.serve(t, w.log)
	defer d.stop(t, 15*time.Second)
	if err := w.imap.Append("", lobbyMail(ann, "", "", "new@example.test", "new chiffres with computer")); err != nil {
		t.Fatal(err)
	}
	var confirm received
	waitFor(t, 30*time.Second, "the confirmation of Ann's first mail", func() (bool, string) {
		for _, m := range w.sink.all() {
			if strings.Contains(m.ReplyTo, "+confirm-") {
				confirm = m
				return true, ""
			}
		}
		return false, fmt.Sprintf("%d mails", w.sink.count())
	})
	if err := w.imap.Append("", reply{From: ann, To: confirm.ReplyTo, Answered: confirm, MessageID: "yes@example.test", Body: "Yes."}.bytes()); err != nil {
		t.Fatal(err)
	}
	var id int64
	waitFor(t, 30*time.Second, "the game's invitation", func() (bool, string) {
		for _, m := range w.sink.all() {
			if m.Game != 0 {
				id = m.Game
				return true, ""
			}
		}
		return false, fmt.Sprintf("%d mails", w.sink.count())
	})
	var record struct {
		Seed uint64 `json:"seed"`
	}
	if err := json.Unmarshal([]byte(w.env.pbem(t, "game", "export", fmt.Sprint(id))), &record); err != nil {
		t.Fatal(err)
	}
	s := spec{Kind: "chiffres", Seed: record.Seed, Seats: []seat{ann, {"", "Computer"}}}
	for n, p := range scripts(t, []spec{s}, 500)[0] {
		if p.Seat != 0 {
			continue
		}
		waitFor(t, 30*time.Second, fmt.Sprintf("Ann's turn at move %d", n+1), func() (bool, string) {
			got := w.env.show(t, id)
			return got.MoveNumber == n && got.ToMove == ann.Email, fmt.Sprintf("move %d, %s to move", got.MoveNumber, got.ToMove)
		})
		last := w.sink.last(t, id, ann.Email)
		r := reply{From: ann, To: last.ReplyTo, Answered: last, MessageID: replyID(id, n+1, ann), Body: fmt.Sprintf("#%d %s", n+1, p.Text)}
		if err := w.imap.Append("", r.bytes()); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, 30*time.Second, "the end of the game", func() (bool, string) {
		got := w.env.show(t, id)
		return got.Status == "finished", got.Status
	})
}
