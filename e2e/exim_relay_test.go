package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbem/mailer/loopback"
)

// eximRelayConfig is an Exim that delivers the players' addresses in the
// local domain each into a maildir of its own, DIR/mail/LOCALPART (the
// local part as listed: Exim makes no path of what a client sent), lines
// ending in CRLF as they came over SMTP, with the envelope in Return-path
// and Envelope-to. OPTIONS are main options that turn off extensions.
const eximRelayConfig = eximMain + `log_selector = +pipelining +smtp_protocol_error +smtp_syntax_error
OPTIONS
` + eximACL + `
begin routers
mailbox:
  driver = accept
  domains = +local_domains
  local_parts = ann : bob : cyd : dee
  transport = maildir

begin transports
maildir:
  driver = appendfile
  directory = DIR/mail/$local_part_data
  maildir_format
  use_crlf
  user = nobody
  group = nogroup
  return_path_add
  envelope_to_add
` + eximRetry

// TestEximRelay has pbem serve send its mail through Debian's Exim, its
// relay (no TLS, no AUTH), which delivers each player's into a maildir: a
// game played by replies put into the IMAP inbox, with pictures on, and a
// chat line that QP-encodes to a line holding a lone dot. Every mail pbem
// queued arrives once, in the mailbox of its recipient, byte for byte the
// mail the outbox holds with its picture drawn in (Exim's trace headers
// aside), each picture a PNG. Exim offers PIPELINING and CHUNKING by
// default, so pbem's client sends each mail as BDAT LAST after MAIL and
// RCPT in one write; each subtest turns an extension off to take another
// of its paths: pipelined DATA with dot-stuffing, BDAT one command at a
// time, and plain DATA one command at a time. Exim's log shows which was
// taken, on each message's <= line (see eximFlags).
func TestEximRelay(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, options      string
		pipelined, chunked bool
	}{
		{"bdat pipelined", "", true, true},
		{"data pipelined", "chunking_advertise_hosts =", true, false},
		{"bdat", "pipelining_advertise_hosts =", false, true},
		{"data", "chunking_advertise_hosts =\npipelining_advertise_hosts =", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := startRelay(t, c.options)
			r.play(t)
			r.check(t)
			for _, line := range r.received(t) {
				pipelined, chunked := eximFlags(line)
				if pipelined != c.pipelined || chunked != c.chunked {
					t.Errorf("Exim logs a message taken pipelined %v and chunked %v, want %v and %v:\n%s", pipelined, chunked, c.pipelined, c.chunked, line)
				}
			}
		})
	}
}

// relay is a pbem serve whose relay is an Exim delivering to maildirs.
type relay struct {
	ex   *exim
	dir  string // Exim's folder, the maildirs in its mail/
	imap *loopback.IMAPServer
	env  *env
	game *created
}

// startRelay starts Exim with options, the in-memory IMAP server and a
// new game of Amplitude between Ann and Bob, its invitations queued, for
// a pbem serve to play.
func startRelay(t *testing.T, options string) *relay {
	t.Helper()
	dir := eximDir(t)
	ex := runExim(t, dir, strings.NewReplacer("DIR", dir, "OPTIONS", options).Replace(eximRelayConfig))
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Skipf("no user nobody to deliver the mail: %v", err)
	}
	mail := filepath.Join(dir, "mail")
	uid, _ := strconv.Atoi(nobody.Uid)
	if err := os.Mkdir(mail, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(mail, uid, -1); err != nil {
		t.Fatal(err)
	}

	imap, err := loopback.StartIMAP(imapUser, imapPassword)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imap.Close() })
	e := newEnv(t, map[string]string{
		"PBEM_IMAP_ADDR": imap.Addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": imapPassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": ex.addr, "PBEM_SMTP_TLS": "none",
	})
	g := createGames(t, e, []spec{{Kind: "amplitude", Seed: 12, Seats: []seat{players[0], players[1]}}}, 4)[0]
	return &relay{ex: ex, dir: dir, imap: imap, env: e, game: g}
}

// chat is what Ann says: 74 characters up to its first full stop, which
// the chat mail's text part quotes on a line of 76 (wrap 74, then "> "),
// so that quoted-printable breaks it before the stop and the stop is a
// line by itself, the end of DATA unless it is stuffed.
const chat = "We must play again soon, this one has been a pleasure from the very start. Well played, Bob!"

// play runs pbem serve on the game's replies, put in its inbox at once:
// every move of the script, then Ann's chat, and waits until Exim has
// delivered every mail the outbox holds.
func (r *relay) play(t *testing.T) {
	t.Helper()
	d := r.env.serve(t, daemonLog(t, r.env.dir))
	g := r.game
	var inbox [][]byte
	for i, p := range g.Script {
		from := g.Seats[p.Seat]
		inv := queuedTo(t, r.env, g.ID, from.Email)[0]
		inbox = append(inbox, reply{From: from, To: inv.ReplyTo, Answered: inv, MessageID: replyID(g.ID, i+1, from), Body: fmt.Sprintf("#%d %s", i+1, p.Text)}.bytes())
	}
	ann := g.Seats[0]
	inv := queuedTo(t, r.env, g.ID, ann.Email)[0]
	inbox = append(inbox, reply{From: ann, To: inv.ReplyTo, Answered: inv, MessageID: "chat@example.test", Body: "say " + chat}.bytes())
	for _, raw := range inbox {
		if err := r.imap.Append("", raw); err != nil {
			t.Fatal(err)
		}
	}
	db := openDB(t, r.env.db)
	waitFor(t, 30*time.Second, "every reply processed and every mail delivered", func() (bool, string) {
		processed, _ := r.imap.Count("pbem/processed")
		queued := queryInt(t, db, `SELECT COUNT(*) FROM outbox`)
		unsent := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL`)
		delivered := len(r.mailboxes(t))
		return processed == len(inbox) && unsent == 0 && delivered == queued,
			fmt.Sprintf("%d of %d replies processed, %d mails queued, %d unsent, %d delivered; Exim's log:\n%s", processed, len(inbox), queued, unsent, delivered, r.ex.log())
	})
	d.stop(t, 15*time.Second)
	if got := r.env.show(t, g.ID).MoveNumber; got != len(g.Script) {
		t.Errorf("the game is at move %d, want %d", got, len(g.Script))
	}
}

// delivered is a mail Exim put in a maildir.
type delivered struct {
	to  string // the mailbox's local part
	raw []byte
}

// mailboxes is every mail delivered so far.
func (r *relay) mailboxes(t *testing.T) []delivered {
	t.Helper()
	var out []delivered
	boxes, _ := filepath.Glob(filepath.Join(r.dir, "mail", "*", "new", "*"))
	for _, p := range boxes {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, delivered{to: filepath.Base(filepath.Dir(filepath.Dir(p))), raw: raw})
	}
	return out
}

// check holds the maildirs to the outbox: each mail queued delivered
// once, to its recipient, as queued with its pictures drawn in.
func (r *relay) check(t *testing.T) {
	t.Helper()
	rows := outboxWhere(t, openDB(t, r.env.db), `1`)
	got := r.mailboxes(t)
	if len(got) != len(rows) {
		t.Errorf("Exim delivered %d mails, the outbox holds %d", len(got), len(rows))
	}
	dotLines, pictures := 0, 0
	for _, row := range rows {
		local, _, _ := strings.Cut(row.Recipient, "@")
		n := 0
		for _, m := range got {
			body, trace := withoutTrace(m.raw)
			if !bytes.Equal(body, row.Raw) {
				continue
			}
			n++
			if m.to != local {
				t.Errorf("mail %s to %s is in %s's mailbox", row.MessageID, row.Recipient, m.to)
			}
			if want := "Return-path: <" + serverAddress + ">"; !strings.Contains(trace, want+"\r\n") {
				t.Errorf("mail %s: no %q among Exim's headers:\n%s", row.MessageID, want, trace)
			}
			if want := "Envelope-to: " + row.Recipient; !strings.Contains(trace, want+"\r\n") {
				t.Errorf("mail %s: no %q among Exim's headers:\n%s", row.MessageID, want, trace)
			}
		}
		if n != 1 {
			t.Errorf("mail %s to %s arrived %d times as queued, want once", row.MessageID, row.Recipient, n)
			for _, m := range got {
				if bytes.Contains(m.raw, []byte(row.MessageID)) {
					t.Logf("what arrived in %s's mailbox begins:\n%s", m.to, m.raw[:min(len(m.raw), 4<<10)])
				}
			}
			t.Logf("what the outbox holds begins:\n%s", row.Raw[:min(len(row.Raw), 4<<10)])
		}
		if bytes.Contains(row.Raw, []byte("\r\n.\r\n")) {
			dotLines++
		}
		for _, pic := range picturesIn(t, row.Raw) {
			if _, err := png.Decode(bytes.NewReader(pic)); err != nil {
				t.Errorf("mail %s: a picture that does not decode: %v", row.MessageID, err)
			}
			pictures++
		}
	}
	if dotLines == 0 {
		t.Error("no mail holds a line of a lone dot: the chat no longer makes one (see chat)")
	}
	if moves := 2 * len(r.game.Script); pictures < moves {
		t.Errorf("%d pictures in the mails, want at least %d (one a notification)", pictures, moves)
	}
}

// eximTrace are the headers Exim adds at the top of a mail it delivers.
var eximTrace = []string{"received:", "return-path:", "envelope-to:", "delivery-date:"}

// withoutTrace splits a delivered mail into what came over SMTP and the
// trace headers Exim wrote above it.
func withoutTrace(raw []byte) (body []byte, trace string) {
	rest := raw
	for {
		line, after, _ := bytes.Cut(rest, []byte("\r\n"))
		lower := strings.ToLower(string(line))
		top := false
		for _, h := range eximTrace {
			top = top || strings.HasPrefix(lower, h)
		}
		if !top {
			break
		}
		rest = after
		for len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') { // folded
			_, rest, _ = bytes.Cut(rest, []byte("\r\n"))
		}
	}
	return rest, string(raw[:len(raw)-len(rest)])
}

// received is the <= line Exim logged for each message it took; an SMTP
// error it logged fails the test.
func (r *relay) received(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(r.dir, "log", "mainlog"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, " <= ") {
			out = append(out, line)
		}
		for _, bad := range []string{"synchronization error", "protocol error", "syntax error"} {
			if strings.Contains(line, bad) {
				t.Errorf("Exim logs an SMTP %s:\n%s", bad, line)
			}
		}
	}
	if len(out) == 0 {
		t.Errorf("Exim logs no message taken:\n%s", data)
	}
	return out
}

// eximFlags reads how Exim logged a message taken: pipelined when its <=
// line has the log selector pipelining's L (PIPELINING offered, then "."
// or "*" for PIPECONNECT) without the "-" that says the client never
// sent ahead; chunked when it has K (BDAT).
func eximFlags(line string) (pipelined, chunked bool) {
	for _, f := range strings.Fields(line) {
		switch {
		case f == "K":
			chunked = true
		case len(f) <= 3 && strings.HasPrefix(f, "L") && strings.Trim(f[1:], ".*-") == "":
			pipelined = !strings.HasSuffix(f, "-")
		}
	}
	return pipelined, chunked
}
