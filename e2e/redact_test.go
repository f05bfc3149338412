package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"

	"pbem/mailer"
)

// TestServeLogsNoToken plays, through pbem serve at --log-level debug, in
// each log format, what mints every kind of token: two sign-ups by mail
// (one confirmed by a reply, one by "confirm TOKEN", then that line sent
// again by a stranger), a challenge and its acceptance, moves, a digest
// and a move in reply to it, a rekey and a reply with the revoked token,
// mails carrying the one-click unsubscribe link. Every token found in
// the mails queued is then looked for in every line the daemon and the
// commands logged: none may be there.
func TestServeLogsNoToken(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.env.vars["PBEM_UNSUBSCRIBE_URL"] = "https://games.example.test/unsubscribe"
			logs := &commandLogs{e: w.env, flags: []string{"--log-format", format, "--log-level", "debug"}}
			d := w.env.serveWith(t, w.log, append(logs.flags, "serve")...)
			playEveryToken(t, w, logs)
			d.stop(t, 15*time.Second)

			data, err := os.ReadFile(w.log.Name())
			if err != nil {
				t.Fatal(err)
			}
			lines := append(strings.Split(strings.TrimSpace(string(data)), "\n"), logs.lines...)
			if format == "json" {
				for _, l := range lines {
					if !json.Valid([]byte(l)) {
						t.Fatalf("not a JSON log line: %s", l)
					}
				}
			}
			tokens := mintedTokens(t, w)
			for _, l := range lines {
				for token, where := range tokens {
					if strings.Contains(strings.ToLower(l), strings.ToLower(token)) {
						t.Errorf("the log holds the token of %s:\n%s", where, l)
					}
				}
			}
			// The mails that carry a token in their Message-ID were sent and
			// logged: the test saw what it should.
			for _, id := range []string{`pbem\.confirm\.redacted@`, `pbem\.challenge\.\d+\.redacted\.`, `pbem\.lobby\.redacted\.`, `pbem\.\d+\.redacted\.thread@`, `pbem\.digest\.\d+\.redacted\.`} {
				if !regexp.MustCompile(id).MatchString(strings.Join(lines, "\n")) {
					t.Errorf("no Message-ID %s in the log", id)
				}
			}
			t.Logf("%d log lines, %d tokens", len(lines), len(tokens))
		})
	}
}

// commandLogs runs one-shot commands with the daemon's log flags and
// keeps what they logged.
type commandLogs struct {
	e     *env
	flags []string
	lines []string
}

func (c *commandLogs) pbem(t testing.TB, args ...string) string {
	t.Helper()
	out, errOut, err := c.e.try(append(append([]string(nil), c.flags...), args...)...)
	if err != nil {
		t.Fatalf("pbem %s: %v\n%s", strings.Join(args, " "), err, errOut)
	}
	if s := strings.TrimSpace(errOut); s != "" {
		c.lines = append(c.lines, strings.Split(s, "\n")...)
	}
	return out
}

// playEveryToken is TestServeLogsNoToken's script, through the daemon.
func playEveryToken(t *testing.T, w *world, logs *commandLogs) {
	ann, bob, eve := players[0], players[1], seat{"eve@example.test", "Eve"}
	deliver := func(raw []byte) int {
		mark := w.sink.count()
		if err := w.imap.Append("", raw); err != nil {
			t.Fatal(err)
		}
		return mark
	}
	// next waits for the first mail to who, from the mark on, that is
	// answered to an address holding want.
	next := func(mark int, who seat, want string) received {
		t.Helper()
		var got received
		waitFor(t, 30*time.Second, fmt.Sprintf("a mail to %s answered to %s", who.Email, want), func() (bool, string) {
			for _, m := range w.sink.all()[mark:] {
				if len(m.To) == 1 && strings.EqualFold(m.To[0], who.Email) && strings.Contains(m.ReplyTo, want) {
					got = m
					return true, ""
				}
			}
			return false, fmt.Sprintf("%d mails", w.sink.count())
		})
		return got
	}
	handled := func(messageID string) {
		t.Helper()
		waitFor(t, 30*time.Second, messageID+" handled", func() (bool, string) {
			n := queryInt(t, openDB(t, w.env.db), `SELECT COUNT(*) FROM inbound_mails WHERE message_id = ?`, messageID)
			return n == 1, fmt.Sprint(n)
		})
	}

	// Sign-ups: Ann replies to her confirmation, Bob writes confirm TOKEN,
	// Eve writes Bob's line again.
	confirm := next(deliver(signupMail(ann, "signup-ann@example.test", "signup Ann")), ann, "+confirm-")
	next(deliver(reply{From: ann, To: confirm.ReplyTo, Answered: confirm, MessageID: "confirm-ann@example.test", Body: "Yes."}.bytes()), ann, "")
	confirm = next(deliver(signupMail(bob, "signup-bob@example.test", "signup Bob")), bob, "+confirm-")
	token, ok := mailer.ParseConfirmAddress(confirm.ReplyTo)
	if !ok {
		t.Fatalf("no token in %s", confirm.ReplyTo)
	}
	next(deliver(signupMail(bob, "confirm-bob@example.test", "confirm "+token)), bob, "")
	deliver(signupMail(eve, "confirm-eve@example.test", "confirm "+token))
	handled("confirm-eve@example.test")

	// A challenge, written in reply to Ann's welcome (its lobby token
	// proves her), accepted: the game starts.
	welcome := next(0, ann, "+lobby-")
	invitation := next(deliver(reply{From: ann, To: welcome.ReplyTo, Answered: welcome, MessageID: "new@example.test", Body: "new chiffres with " + bob.Email}.bytes()), bob, "+challenge-")
	deliver(reply{From: bob, To: invitation.ReplyTo, Answered: invitation, MessageID: "accept@example.test", Body: "accept"}.bytes())
	handled("accept@example.test")
	var list []struct {
		GameID int64 `json:"game_id"`
	}
	if err := json.Unmarshal([]byte(logs.pbem(t, "challenge", "list", "--json")), &list); err != nil || len(list) != 1 || list[0].GameID == 0 {
		t.Fatalf("challenge list after the accept: %+v %v", list, err)
	}
	id := list[0].GameID
	var record struct {
		Seed uint64 `json:"seed"`
	}
	if err := json.Unmarshal([]byte(logs.pbem(t, "game", "export", fmt.Sprint(id))), &record); err != nil {
		t.Fatal(err)
	}
	seats := []seat{ann, bob}
	script := scripts(t, []spec{{Kind: "chiffres", Seed: record.Seed, Seats: seats}}, 500)[0]
	gameAddress := fmt.Sprintf("+%d-", id)
	played := 0
	// move has the seat to move reply to answered, then waits for the move.
	move := func(answered received, body func(text string) string) {
		t.Helper()
		p := script[played]
		played++
		deliver(reply{From: seats[p.Seat], To: answered.ReplyTo, Answered: answered, MessageID: fmt.Sprintf("move%d@example.test", played),
			Body: body(fmt.Sprintf("#%d %s", played, p.Text))}.bytes())
		waitFor(t, 30*time.Second, fmt.Sprintf("move %d played", played), func() (bool, string) {
			n := w.env.show(t, id).MoveNumber
			return n >= played, fmt.Sprint(n)
		})
	}
	same := func(text string) string { return text }
	// Moves until it is Bob's turn, then his digest and a move in reply.
	for played == 0 || script[played].Seat != 1 {
		move(next(0, seats[script[played].Seat], gameAddress), same)
	}
	logs.pbem(t, "player", "mail", bob.Email, "digest", "08:00")
	now := time.Now().UTC()
	at := time.Date(now.Year(), now.Month(), now.Day(), 8, 0, 0, 0, time.UTC)
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	// What a one-shot command queues, the daemon sends with what the next
	// mail it handles queues: it is read in the outbox.
	if out := logs.pbem(t, "deadlines", "--now", at.Format(time.RFC3339)); !strings.Contains(out, "1 digest sent") {
		t.Fatalf("pbem deadlines --now %s printed %q", at.Format(time.RFC3339), out)
	}
	digests := digestsTo(t, w.env, bob.Email)
	if len(digests) != 1 {
		t.Fatalf("%d digests queued to %s", len(digests), bob.Email)
	}
	// Due at 08:00, the digest is made due now, so that the daemon sends
	// it (and logs its Message-ID) with the answer to the reply.
	var pending []struct {
		ID        int64  `json:"id"`
		MessageID string `json:"message_id"`
	}
	if err := json.Unmarshal([]byte(logs.pbem(t, "outbox", "list", "--pending", "--json")), &pending); err != nil {
		t.Fatal(err)
	}
	for _, m := range pending {
		if strings.HasPrefix(m.MessageID, "pbem.digest.") {
			logs.pbem(t, "outbox", "retry", fmt.Sprint(m.ID))
		}
	}
	move(digests[0], func(text string) string { return fmt.Sprintf("game %d: %s", id, text) })

	// A rekey, and a reply with the token it revoked.
	old := next(0, ann, gameAddress)
	before := len(queuedTo(t, w.env, id, ann.Email))
	logs.pbem(t, "game", "rekey", fmt.Sprint(id))
	if rekeyed := queuedTo(t, w.env, id, ann.Email); len(rekeyed) <= before || rekeyed[len(rekeyed)-1].ReplyTo == old.ReplyTo {
		t.Fatalf("no new reply address queued to %s by the rekey", ann.Email)
	}
	deliver(reply{From: ann, To: old.ReplyTo, Answered: old, MessageID: "old-token@example.test", Body: "#9 pass"}.bytes())
	handled("old-token@example.test")
	waitFor(t, 30*time.Second, "every mail sent", func() (bool, string) {
		n := queryInt(t, openDB(t, w.env.db), `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL`)
		return n == 0, fmt.Sprintf("%d waiting", n)
	})
}

// tokenShape finds a token where the server writes one, whatever the
// shape's words and numbers: LOCAL+WORD-N-TOKEN@, pbem.WORD.N.TOKEN.,
// [#N-TOKEN], confirm TOKEN. It is the test's own, not mailer.Redact's
// table, so a shape that table misses is still found.
var tokenShape = regexp.MustCompile(`(?i)(?:\+(?:[a-z]+-)?(?:\d+-)*|\bpbem\.(?:[a-z]+\.)?(?:\d+\.)*|\[#\d+-|\bconfirm\s+)([a-z2-7]{20})\b`)

// unsubscribeToken is the signature of a one-click unsubscribe link.
var unsubscribeToken = regexp.MustCompile(`[?&]t=([A-Za-z0-9_-]+)`)

// mintedTokens is every token in the mails the server queued: in their
// reply address, Message-ID, threading, subject, List-Unsubscribe, and
// confirm lines of their text; each with where it was found.
func mintedTokens(t *testing.T, w *world) map[string]string {
	t.Helper()
	tokens := map[string]string{}
	kinds := map[string]bool{}
	for _, row := range outboxWhere(t, openDB(t, w.env.db), `1 = 1`) {
		m, err := readMail(row.Raw)
		if err != nil {
			t.Fatal(err)
		}
		mr, err := mail.CreateReader(strings.NewReader(string(row.Raw)))
		if err != nil {
			t.Fatal(err)
		}
		fields := map[string]string{
			"Reply-To": m.ReplyTo, "Message-ID": row.MessageID, "References": m.References, "In-Reply-To": mr.Header.Get("In-Reply-To"),
			"Subject": m.Subject, "text": m.Text,
		}
		for field, value := range fields {
			for _, sm := range tokenShape.FindAllStringSubmatch(value, -1) {
				tokens[strings.ToLower(sm[1])] = field + " " + sm[0]
				kinds[tokenKind(sm[0])] = true
			}
		}
		for _, sm := range unsubscribeToken.FindAllStringSubmatch(mr.Header.Get("List-Unsubscribe"), -1) {
			tokens[sm[1]] = "List-Unsubscribe of " + row.MessageID
			kinds["unsubscribe"] = true
		}
	}
	for _, kind := range []string{"+N-", "pbem.N.", "[#N-", "+digest-", "pbem.digest.", "+confirm-", "pbem.confirm.", "confirm ",
		"+challenge-", "pbem.challenge.", "unsubscribe"} {
		if !kinds[kind] {
			t.Errorf("no token of the shape %q in the mails queued: the script did not mint one", kind)
		}
	}
	return tokens
}

// tokenKind names the shape of a token found as match.
func tokenKind(match string) string {
	lower := strings.ToLower(match)
	for _, prefix := range []string{"+digest-", "+confirm-", "+challenge-", "+lobby-", "pbem.digest.", "pbem.confirm.", "pbem.challenge.", "pbem.lobby."} {
		if strings.HasPrefix(lower, prefix) {
			return prefix
		}
	}
	switch {
	case strings.HasPrefix(lower, "+"):
		return "+N-"
	case strings.HasPrefix(lower, "pbem."):
		return "pbem.N."
	case strings.HasPrefix(lower, "[#"):
		return "[#N-"
	}
	return "confirm "
}
