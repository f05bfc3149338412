package server

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

func TestMailLaneReadIsHandledWithoutReadingAgain(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	m := raw(email, to, "laned@example.org", thread, move)

	assert.Equal(t, fmt.Sprint(g.id), g.srv.MailLane(m))
	require.Len(t, g.srv.intake.read.mails, 1, "the mail read for its lane is kept")
	assert.Equal(t, mailer.Accepted, g.handle(m))
	assert.Equal(t, store.Applied, g.outcome("laned@example.org"))
	assert.Empty(t, g.srv.intake.read.mails, "HandleMail took the mail read")
	assert.Empty(t, g.srv.intake.read.order)
	assert.Equal(t, 1, g.moveNumber())

	// A copy handled without a lane is read as before, and is a copy.
	assert.Equal(t, mailer.Accepted, g.handle(m))
	assert.Equal(t, 1, g.moveNumber())
}

func TestMailLaneKeepsWhatItReadBounded(t *testing.T) {
	srv, _ := newTestServer(t)
	for i := range maxReadMails + 10 {
		srv.MailLane(raw("ann@example.org", "pbem@localhost", fmt.Sprintf("m%d@example.org", i), "", "hello"))
	}
	assert.Len(t, srv.intake.read.mails, maxReadMails)
	assert.Len(t, srv.intake.read.order, maxReadMails)
	_, ok := srv.intake.read.take(raw("ann@example.org", "pbem@localhost", "m0@example.org", "", "hello"))
	assert.False(t, ok, "the oldest is forgotten")
	last := raw("ann@example.org", "pbem@localhost", fmt.Sprintf("m%d@example.org", maxReadMails+9), "", "hello")
	m, ok := srv.intake.read.take(last)
	require.True(t, ok)
	want, err := parser.ReadMail(last)
	require.NoError(t, err)
	assert.Equal(t, want, m, "what is given back is what ReadMail reads")
}

func TestMailLaneKeepsNoUnreadableOrOversizedMail(t *testing.T) {
	srv, _ := newTestServer(t)
	assert.Equal(t, "", srv.MailLane([]byte("\x00\x01 not a mail")))
	huge := raw("ann@example.org", "pbem@localhost", "big@example.org", "", strings.Repeat("x", DefaultMaxMailSize+1))
	srv.MailLane(huge)
	head := append([]byte(mailer.OversizeHeader+": 99999999\r\n"), raw("ann@example.org", "pbem@localhost", "head@example.org", "", "")...)
	srv.MailLane(head)
	assert.Empty(t, srv.intake.read.mails, "HandleMail reads neither")
	_, ok := srv.intake.read.mails[sha256.Sum256(huge)]
	assert.False(t, ok)
}
