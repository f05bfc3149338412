package e2e

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The trust tests play through pbem ingest and pbem serve as an attacker
// would: forged senders, old tokens, lookalike addresses, floods.

// mxID is the authserv-id of the operator's receiving mail server.
const mxID = "mx.example.test"

// trustGame is a two-player Amplitude game played through pbem ingest.
type trustGame struct {
	e     *env
	id    int64
	seats []seat
	plays []play
}

func newTrustGame(t *testing.T, e *env, seed uint64, seats []seat) *trustGame {
	t.Helper()
	s := spec{Kind: "amplitude", Seed: seed, Seats: seats}
	return &trustGame{e: e, id: e.newGame(t, s.Kind, s.Seed, s.Seats, nil), seats: seats, plays: scripts(t, []spec{s}, 4)[0]}
}

// replyTo is the mover's reply to the last mail queued for them, carrying
// move n+1 (n moves played), sent by from, with header fields put on top as
// the receiving mail server adds them.
func (g *trustGame) replyTo(t *testing.T, n int, from string, headers ...string) []byte {
	t.Helper()
	p := g.plays[n]
	who := g.seats[p.Seat]
	mails := queuedTo(t, g.e, g.id, who.Email)
	last := mails[len(mails)-1]
	raw := reply{From: who, To: last.ReplyTo, Answered: last, MessageID: fmt.Sprintf("trust.%d.%d.%d@example.test", g.id, n, time.Now().UnixNano()),
		Body: fmt.Sprintf("#%d %s", n+1, p.Text)}.bytes()
	if from != who.Email {
		raw = bytes.Replace(raw, []byte("<"+who.Email+">"), []byte("<"+from+">"), 1)
	}
	var top bytes.Buffer
	for _, h := range headers {
		top.WriteString(h + "\r\n")
	}
	return append(top.Bytes(), raw...)
}

// mover is the email of the seat to play move n+1.
func (g *trustGame) mover(n int) string { return g.seats[g.plays[n].Seat].Email }

// expect ingests raw and checks what ingest printed and the move number
// after it.
func (g *trustGame) expect(t *testing.T, raw []byte, printed string, moves int, why string) {
	t.Helper()
	if got := g.e.ingest(t, raw); got != printed {
		t.Errorf("%s: pbem ingest printed %q, want %q", why, got, printed)
	}
	if got := g.e.show(t, g.id).MoveNumber; got != moves {
		t.Fatalf("%s: the game is at move %d, want %d", why, got, moves)
	}
}

// TestIngestSenderAuthentication: with the operator's authserv-id set, a
// forged From with a valid token and a trusted dmarc=fail changes nothing
// and gets no answer; under pass, a result from another authserv-id does
// not count; a trusted dmarc=pass plays; with sender_auth off, the
// results are not read, as before.
func TestIngestSenderAuthentication(t *testing.T) {
	t.Parallel()
	e := newEnv(t, map[string]string{"PBEM_AUTHSERV_ID": mxID})
	g := newTrustGame(t, e, 11, []seat{players[0], players[1]})
	victim := g.mover(0)
	before := len(queuedTo(t, e, g.id, victim))

	g.expect(t, g.replyTo(t, 0, victim, "Authentication-Results: "+mxID+"; dmarc=fail (p=reject) header.from=example.test"),
		"rejected", 0, "a trusted dmarc=fail")
	if n := len(queuedTo(t, e, g.id, victim)); n != before {
		t.Errorf("the forged mail brought %d answers to %s, want none", n-before, victim)
	}

	e.vars["PBEM_SENDER_AUTH"] = "pass"
	g.expect(t, g.replyTo(t, 0, victim, "Authentication-Results: evil.example; dmarc=pass header.from=example.test"),
		"rejected", 0, "under pass, a dmarc=pass from another authserv-id")
	g.expect(t, g.replyTo(t, 0, victim, "Authentication-Results: "+mxID+"; dkim=pass header.d=example.test; dmarc=pass header.from=example.test"),
		"processed", 1, "a trusted dmarc=pass")

	delete(e.vars, "PBEM_AUTHSERV_ID")
	delete(e.vars, "PBEM_SENDER_AUTH")
	g.expect(t, g.replyTo(t, 1, g.mover(1), "Authentication-Results: "+mxID+"; dmarc=fail header.from=example.test"),
		"processed", 2, "with sender_auth off, as before")
}

// TestIngestRekey: after pbem game rekey, a mail to the old reply address
// is refused, the seat's player is told at their registered address (and
// the sender not at all), and the new address plays.
func TestIngestRekey(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := newTrustGame(t, e, 12, []seat{players[0], players[1]})
	ann := g.mover(0)
	old := g.replyTo(t, 0, "mallory@example.net") // an old mail, forwarded
	e.pbem(t, "game", "rekey", fmt.Sprint(g.id), "--seat", ann)
	before := len(queuedTo(t, e, g.id, ann))

	g.expect(t, old, "rejected", 0, "the old token")
	mails := queuedTo(t, e, g.id, ann)
	if len(mails) != before+1 || !strings.Contains(mails[len(mails)-1].Text, "mallory@example.net") {
		t.Fatalf("after the old token was used, %s got %d mails, want 1 naming the sender", ann, len(mails)-before)
	}
	for _, row := range outbox(t, openDB(t, e.db), g.id) {
		if strings.Contains(row.Recipient, "mallory") {
			t.Errorf("the sender of the old token got mail %s", row.MessageID)
		}
	}
	g.expect(t, g.replyTo(t, 0, ann), "processed", 1, "the new token")
	e.verifyAll(t)
}

// TestIngestLookalikeAddresses: an address that Unicode case folding
// takes for a player's (KELVIN SIGN for K, LONG S for s) is a stranger,
// even with the player's valid token; the server's own plus-address is
// never answered.
func TestIngestLookalikeAddresses(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	kas, sam := seat{"kas@example.test", "Kas"}, seat{"sam@example.test", "Sam"}
	g := newTrustGame(t, e, 13, []seat{kas, sam})
	lookalike := map[string]string{kas.Email: "\u212Aas@example.test", sam.Email: "\u017Fam@example.test"}[g.mover(0)]
	g.expect(t, g.replyTo(t, 0, lookalike), "rejected", 0, lookalike)

	db := openDB(t, e.db)
	queued := queryInt(t, db, `SELECT COUNT(*) FROM outbox`)
	self := strings.Replace(serverAddress, "@", "+bounce-1@", 1)
	g.expect(t, g.replyTo(t, 0, self), "rejected", 0, "the server's own plus-address")
	if n := queryInt(t, db, `SELECT COUNT(*) FROM outbox`); n != queued {
		t.Errorf("mail from %s was answered (%d mails)", self, n-queued)
	}
	g.expect(t, g.replyTo(t, 0, strings.ToUpper(g.mover(0))), "processed", 1, "ASCII case still matches")
}

// TestServeCapsFloods runs pbem serve on an inbox holding ten
// out-of-office replies without the automatic headers and a hundred mails
// from forged strangers: the player gets one answer, the strangers at
// most the hourly cap, and nothing is left unfiled.
func TestServeCapsFloods(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	gs := createGames(t, w.env, []spec{{Kind: "amplitude", Seed: 14, Seats: []seat{players[0], players[1]}}}, 1)
	d := w.env.serve(t, w.log)
	waitInvitations(t, w.sink, gs, 30*time.Second)
	ann := gs[0].Seats[gs[0].Script[0].Seat]
	inv := w.sink.invitation(t, gs[0].ID, ann.Email)

	var inbox [][]byte
	for i := range 10 {
		inbox = append(inbox, reply{From: ann, To: inv.ReplyTo, Answered: inv, MessageID: fmt.Sprintf("away%d@example.test", i),
			Body: "I am out of the office until 2026-12-10 with limited access to mail."}.bytes())
	}
	for i := range 100 {
		stranger := seat{fmt.Sprintf("forged%d@example.net", i), "Forged"}
		inbox = append(inbox, reply{From: stranger, To: serverAddress, Answered: inv, MessageID: fmt.Sprintf("forged%d@example.net", i),
			Body: "hello?"}.bytes())
	}
	for _, raw := range inbox {
		if err := w.imap.Append("", raw); err != nil {
			t.Fatal(err)
		}
	}
	db := openDB(t, w.env.db)
	waitFor(t, 2*time.Minute, "every mail filed and every answer sent", func() (bool, string) {
		filed := w.count("pbem/processed") + w.count("pbem/rejected")
		unsent := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL`)
		return filed == len(inbox) && unsent == 0, fmt.Sprintf("%d filed, %d unsent", filed, unsent)
	})
	d.stop(t, 15*time.Second)

	toAnn, toStrangers := 0, 0
	for _, m := range w.sink.all() {
		switch {
		case len(m.To) != 1:
			t.Errorf("mail %s went to %v", m.MessageID, m.To)
		case strings.EqualFold(m.To[0], ann.Email) && m.MessageID != inv.MessageID:
			toAnn++
		case strings.HasPrefix(m.To[0], "forged"):
			toStrangers++
		}
	}
	if toAnn != 1 {
		t.Errorf("ten out-of-office replies brought %s %d answers, want 1", ann.Email, toAnn)
	}
	if toStrangers < 1 || toStrangers > 20 {
		t.Errorf("a hundred forged strangers got %d answers, want 1 to 20 (the hourly cap)", toStrangers)
	}
	t.Logf("answers: %d to the player, %d to 100 strangers", toAnn, toStrangers)
	if got := w.env.show(t, gs[0].ID).MoveNumber; got != 0 {
		t.Errorf("the flood moved the game to move %d", got)
	}
}

// TestIngestStrangerAnswer: the explanation to a stranger is threaded to
// the mail it answers, names no game, and says what to do: a player is
// told to reply to a game's mail, an unknown address that it has no seat.
func TestIngestStrangerAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := newTrustGame(t, e, 15, []seat{players[0], players[1]})
	db := openDB(t, e.db)
	answerTo := func(address string) string {
		rows := outboxWhere(t, db, `recipient = ?`, address)
		if len(rows) == 0 {
			t.Fatalf("no answer to %s", address)
		}
		return string(rows[len(rows)-1].Raw)
	}
	for _, c := range []struct {
		from, says string
		raw        []byte
	}{
		{"mallory@example.net", "This address has no seat in any game here", g.replyTo(t, 0, "mallory@example.net")},
		{g.mover(0), "reply to the latest mail a game sent to your registered address",
			reply{From: g.seats[g.plays[0].Seat], To: serverAddress, MessageID: "lost@example.test", Body: "Which game is this?"}.bytes()},
	} {
		if got := e.ingest(t, c.raw); got != "rejected" {
			t.Fatalf("%s: pbem ingest printed %q", c.from, got)
		}
		raw := answerTo(c.from)
		id := regexp.MustCompile(`(?m)^Message-Id: (<[^>]+>)`).FindStringSubmatch(string(c.raw))
		if id == nil || !strings.Contains(raw, "In-Reply-To: "+id[1]) {
			t.Errorf("%s: the answer is not threaded to %v:\n%s", c.from, id, raw)
		}
		m, err := readMail([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(m.Text), " "), c.says) {
			t.Errorf("%s: the answer does not say %q:\n%s", c.from, c.says, m.Text)
		}
		if regexp.MustCompile(`(?i)\bgame \d`).MatchString(m.Text + m.Subject) {
			t.Errorf("%s: the answer names a game:\n%s", c.from, m.Text)
		}
	}
}
