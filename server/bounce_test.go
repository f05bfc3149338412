package server

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
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
		r, err := mail.CreateReader(bytes.NewReader(m.Raw))
		require.NoError(g.t, err)
		if subj, _ := r.Header.Subject(); strings.Contains(subj, "address bounces") {
			out[m.Recipient] = append(out[m.Recipient], textOf(g.t, m.Raw))
		}
	}
	return out
}

// TestBounceTellsTheOthersOnce: a turn mail to Bob comes back as a DSN:
// its outbox row is marked with the reason, and Ann and Cyd, not Bob, are
// told once that Bob's address bounces; a second DSN about another mail
// to Bob marks that mail and tells no one again. A delayed report is
// recorded as such and tells no one.
func TestBounceTellsTheOthersOnce(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, NewGame{Game: "amplitude", Seed: seed(21), Players: []Player{
		{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org", Name: "Bob"}, {Email: "cyd@example.org", Name: "Cyd"}}})
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: id}
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
		assert.Contains(t, strings.Join(strings.Fields(notices[email][0]), " "),
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
