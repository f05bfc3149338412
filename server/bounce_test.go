package server

import (
	"pbem/server/core"

	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/mailer/loopback"
	"pbem/store"
)

// dsn is a delivery report (RFC 3464) from the recipient's mail system
// about returned, a mail of the server's, given whole or as its header.
func dsn(reportID, rcpt, action, status string, returned []byte) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "Return-Path: <>\r\nFrom: Mail Delivery System <MAILER-DAEMON@mx.example.net>\r\nTo: pbem@localhost\r\n"+
		"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <%s>\r\nAuto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"BOUNDARY\"\r\n\r\n", reportID)
	b.WriteString("--BOUNDARY\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n")
	fmt.Fprintf(&b, "--BOUNDARY\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.net\r\n\r\n"+
		"Final-Recipient: rfc822; %s\r\nAction: %s\r\nStatus: %s\r\nDiagnostic-Code: smtp; 550 %s <%s>: User unknown\r\n\r\n", rcpt, action, status, status, rcpt)
	b.WriteString("--BOUNDARY\r\nContent-Type: message/rfc822\r\n\r\n")
	b.Write(returned)
	b.WriteString("\r\n--BOUNDARY--\r\n")
	return []byte(b.String())
}

// lastTo is the last mail of the game queued for email.
func (g *mailGame) lastTo(email string) store.OutMail {
	mails, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(g.t, err)
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].Recipient == email {
			return mails[i]
		}
	}
	g.t.Fatalf("no mail to %s", email)
	return store.OutMail{}
}

// bounceNotices are the subjects and texts of the game's pending notices
// that an address bounces, by recipient.
func (g *mailGame) bounceNotices() map[string][]string {
	mails, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(g.t, err)
	out := map[string][]string{}
	for _, m := range mails {
		if text, ok := bounceNotice(g.t, m.Raw); ok {
			out[m.Recipient] = append(out[m.Recipient], text)
		}
	}
	return out
}

// bounceNotice is the text of raw, its spaces folded, when it is a notice
// that an address bounces.
func bounceNotice(t *testing.T, raw []byte) (string, bool) {
	r, err := mail.CreateReader(bytes.NewReader(raw))
	require.NoError(t, err)
	if subj, _ := r.Header.Subject(); !strings.Contains(subj, "address bounces") {
		return "", false
	}
	return strings.Join(strings.Fields(textOf(t, raw)), " "), true
}

// newThreeSeatGame is Ann, Bob and Cyd in an Amplitude game ready to be
// played by mail.
func newThreeSeatGame(t *testing.T) *mailGame {
	srv, st := newTestServer(t)
	id, err := srv.Create(context.Background(), core.NewGame{Game: "amplitude", Seed: seed(21), Players: []core.Player{
		{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org", Name: "Bob"}, {Email: "cyd@example.org", Name: "Cyd"}}})
	require.NoError(t, err)
	return &mailGame{t: t, srv: srv, st: st, id: id}
}

// TestBounceTellsTheOthersOnce: a turn mail to Bob comes back as a DSN:
// its outbox row is marked with the reason, and Ann and Cyd, not Bob, are
// told once that Bob's address bounces; a second DSN about another mail
// to Bob marks that mail and tells no one again. A delayed report is
// recorded as such and tells no one.
func TestBounceTellsTheOthersOnce(t *testing.T) {
	g := newThreeSeatGame(t)
	st, ctx := g.st, context.Background()
	invitation := g.lastTo("bob@example.org")
	who, move := g.toMove()
	to, thread := g.reply(who)
	g.handle(raw(who, to, "move1@example.org", thread, move))
	turn := g.lastTo("bob@example.org")
	require.NotEqual(t, invitation.MessageID, turn.MessageID)

	assert.Equal(t, mailer.Accepted, g.handle(dsn("dsn1@mx.example.net", "bob@example.org", "failed", "5.1.1", turn.Raw)))
	sent, err := st.FindReported(ctx, turn.MessageID)
	require.NoError(t, err)
	assert.True(t, sent.Bounced)
	assert.Equal(t, "5.1.1, the address does not exist: 550 5.1.1 <bob@example.org>: User unknown", sent.Bounce)
	_, detail, err := st.InboundOutcome(ctx, "dsn1@mx.example.net")
	require.NoError(t, err)
	assert.Contains(t, detail, "bounce of outbox mail")
	notices := g.bounceNotices()
	require.Len(t, notices, 2, "Ann and Cyd are told, not Bob: %v", notices)
	for _, email := range []string{"ann@example.org", "cyd@example.org"} {
		require.Len(t, notices[email], 1, email)
		assert.Contains(t, notices[email][0],
			"Bob's address bob@example.org bounces: 5.1.1, the address does not exist: 550 5.1.1 <bob@example.org>: User unknown.")
	}

	// The invitation bounces too (its header alone returned): marked,
	// and no one is told again.
	header, _, _ := bytes.Cut(invitation.Raw, []byte("\r\n\r\n"))
	assert.Equal(t, mailer.Accepted, g.handle(dsn("dsn2@mx.example.net", "bob@example.org", "failed", "5.1.1", header)))
	sent, err = st.FindReported(ctx, invitation.MessageID)
	require.NoError(t, err)
	assert.True(t, sent.Bounced)
	assert.Equal(t, notices, g.bounceNotices())
	_, detail, err = st.InboundOutcome(ctx, "dsn2@mx.example.net")
	require.NoError(t, err)
	assert.Contains(t, detail, "not told again")

	// The same report again changes nothing.
	assert.Equal(t, mailer.Accepted, g.handle(dsn("dsn2@mx.example.net", "bob@example.org", "failed", "5.1.1", header)))
	assert.Equal(t, notices, g.bounceNotices())

	// A delay about Cyd's turn mail is recorded, and tells no one.
	cyd := g.lastTo("cyd@example.org")
	assert.Equal(t, mailer.Accepted, g.handle(dsn("dsn3@mx.example.net", "cyd@example.org", "delayed", "4.4.1", cyd.Raw)))
	sent, err = st.FindReported(ctx, cyd.MessageID)
	require.NoError(t, err)
	assert.False(t, sent.Bounced)
	assert.True(t, strings.HasPrefix(sent.Bounce, "delayed, still being tried: 4.4.1"), sent.Bounce)
	assert.Equal(t, notices, g.bounceNotices())
}

// TestBounceNotOurs: a DSN about a mail the server never sent, and an
// out-of-office reply threaded to one it did, are ignored as automatic
// mail, as before, and mark nothing.
func TestBounceNotOurs(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	queued := g.queued()
	foreign := []byte("From: Someone <someone@example.net>\r\nTo: x@example.net\r\nMessage-ID: <not-ours@example.net>\r\nSubject: hi\r\n\r\nhello\r\n")
	assert.Equal(t, mailer.Rejected, g.handle(dsn("dsn9@mx.example.net", "x@example.net", "failed", "5.1.1", foreign)))
	out, detail, err := g.st.InboundOutcome(ctx, "dsn9@mx.example.net")
	require.NoError(t, err)
	assert.Equal(t, store.Ignored, out)
	assert.True(t, strings.HasPrefix(detail, "automatic: delivery report"), detail)

	ann := g.lastTo("ann@example.org")
	ooo := fmt.Sprintf("From: Ann <ann@example.org>\r\nTo: pbem@localhost\r\nSubject: Out of office\r\nMessage-ID: <ooo@example.org>\r\n"+
		"Auto-Submitted: auto-replied\r\nIn-Reply-To: <%s>\r\nReferences: <%s>\r\n\r\nI am away.\r\n", ann.MessageID, ann.MessageID)
	assert.Equal(t, mailer.Rejected, g.handle([]byte(ooo)))
	out, detail, err = g.st.InboundOutcome(ctx, "ooo@example.org")
	require.NoError(t, err)
	assert.Equal(t, store.Ignored, out)
	assert.Equal(t, "automatic: Auto-Submitted: auto-replied", detail)
	sent, err := g.st.FindReported(ctx, ann.MessageID)
	require.NoError(t, err)
	assert.False(t, sent.Bounced)
	assert.Empty(t, sent.Bounce)
	assert.Equal(t, queued, g.queued())
}

// refusingRelay is an SMTP relay in the process that refuses some
// addresses at RCPT and counts the RCPTs each address got: the delivery
// attempts.
type refusingRelay struct {
	*loopback.SMTPServer
	mu     sync.Mutex
	refuse map[string]error
	rcpts  map[string]int
	got    []loopback.Delivery
}

func startRefusingRelay(t *testing.T) *refusingRelay {
	r := &refusingRelay{refuse: map[string]error{}, rcpts: map[string]int{}}
	srv, err := loopback.StartSMTP("", "", func(d loopback.Delivery) error {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.got = append(r.got, d)
		return nil
	})
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	srv.RefuseRecipients(func(to string) error {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.rcpts[to]++
		return r.refuse[to]
	})
	r.SMTPServer = srv
	return r
}

func (r *refusingRelay) set(to string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.refuse[to] = err
}

func (r *refusingRelay) attempts(to string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rcpts[to]
}

// bounceNoticesGot are the texts of the notices that an address bounces
// the relay took, by recipient.
func (r *refusingRelay) bounceNoticesGot(t *testing.T) map[string][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string][]string{}
	for _, d := range r.got {
		if text, ok := bounceNotice(t, d.Raw); ok {
			out[d.To[0]] = append(out[d.To[0]], text)
		}
	}
	return out
}

// TestRefusedAtRCPTTellsTheOthersOnce: the relay answers 550 5.1.1 at RCPT
// for Bob. His invitation gets one delivery attempt and is abandoned with
// the relay's reply; Ann and Cyd are told once that the game waits on an
// address that receives no mail, in the words of a delivery report. His
// turn mail is refused too: abandoned after one attempt, nobody told
// again. A 450 for Cyd meanwhile is retried, and tells no one.
func TestRefusedAtRCPTTellsTheOthersOnce(t *testing.T) {
	g := newThreeSeatGame(t)
	srv, st, id, ctx := g.srv, g.st, g.id, context.Background()
	relay := startRefusingRelay(t)
	relay.set("bob@example.org", &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"})
	sender := &mailer.Sender{Endpoint: mailer.Endpoint{Addr: relay.Addr, TLS: mailer.NoTLS}, From: "pbem@localhost", Store: st,
		Logger: slog.New(slog.DiscardHandler), Finish: srv.FinishMail, Refused: srv.RefusedMail}
	drain := func() {
		t.Helper()
		for range 2 { // the second round sends what the first queued
			sender.DrainOnce(ctx)
		}
	}
	state := func(messageID string) store.OutboxRow {
		t.Helper()
		rows, err := st.OutboxMails(ctx, store.OutboxFilter{GameID: id})
		require.NoError(t, err)
		for _, r := range rows {
			if r.MessageID == messageID {
				return r
			}
		}
		t.Fatalf("no outbox mail %s", messageID)
		return store.OutboxRow{}
	}

	invitation := g.lastTo("bob@example.org")
	who, move := g.toMove()
	to, thread := g.reply(who) // read before the mails leave the queue
	drain()
	assert.Equal(t, 1, relay.attempts("bob@example.org"), "one delivery attempt")
	row := state(invitation.MessageID)
	assert.Equal(t, store.MailAbandoned, row.State())
	assert.Equal(t, 1, row.Attempts)
	assert.Equal(t, "550 5.1.1 No such user", row.LastError)
	told := relay.bounceNoticesGot(t)
	require.Len(t, told, 2, "Ann and Cyd are told, not Bob: %v", told)
	for _, email := range []string{"ann@example.org", "cyd@example.org"} {
		require.Len(t, told[email], 1, email)
		assert.Contains(t, told[email][0], "Bob's address bob@example.org bounces: 5.1.1, the address does not exist: 550 5.1.1 No such user.")
		assert.Contains(t, told[email][0], "the game waits for Bob, who gets no mail from it until the address works again.")
	}

	relay.set("cyd@example.org", &smtp.SMTPError{Code: 450, EnhancedCode: smtp.EnhancedCode{4, 2, 1}, Message: "Mailbox busy"})
	g.handle(raw(who, to, "move1@example.org", thread, move))
	turn, cyd := g.lastTo("bob@example.org"), g.lastTo("cyd@example.org")
	require.NotEqual(t, invitation.MessageID, turn.MessageID)
	drain()
	assert.Equal(t, 2, relay.attempts("bob@example.org"), "one attempt at each of his two mails")
	row = state(turn.MessageID)
	assert.Equal(t, store.MailAbandoned, row.State())
	assert.Equal(t, 1, row.Attempts)
	assert.Equal(t, told, relay.bounceNoticesGot(t), "nobody told again")
	row = state(cyd.MessageID)
	assert.Equal(t, store.MailPending, row.State(), "a 450 is retried")
	assert.Equal(t, 1, row.Attempts)
	assert.Contains(t, row.LastError, "450")
	assert.True(t, row.NextAttempt.After(time.Now()), "after its backoff")
}
