package server

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestMailSameMessageIDTwoMails: a different mail that reuses a
// Message-ID already seen is handled on its own.
func TestMailSameMessageIDTwoMails(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	before := len(g.mailsTo(email))
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "same@x", thread, "board")))
	assert.Len(t, g.mailsTo(email), before+1, "the board answered")
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "same@x", thread, move)))
	assert.Equal(t, 1, g.moveNumber(), "the second mail, with the same Message-ID, played")
}

// TestMailRedeliveryWithoutMessageID: an MTA's redelivery of a mail
// without Message-ID, with new Received lines, is applied once.
func TestMailRedeliveryWithoutMessageID(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	mail := string(raw(email, to, "", thread, move))
	mail = strings.Replace(mail, "Message-ID: <>\r\n", "", 1)
	first := "Received: from a.example by mx.example; Mon, 30 Nov 2026 12:00:00 +0000\r\n" + mail
	second := "Received: from b.example by mx.example; Mon, 30 Nov 2026 12:05:00 +0000\r\n" + first
	assert.Equal(t, mailer.Accepted, g.handle([]byte(first)))
	assert.Equal(t, mailer.Accepted, g.handle([]byte(second)))
	assert.Equal(t, 1, g.moveNumber(), "applied once")
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(moves[0].MessageID, "digest:"), "the move names the mail by its digest")
}

// TestMailParallelCopies: many copies of one mail handled at once give one
// move, and every copy is processed.
func TestMailParallelCopies(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	m := raw(email, to, "copy@x", thread, move)
	const copies = 50
	verdicts := make([]mailer.Verdict, copies)
	errs := make([]error, copies)
	var wg sync.WaitGroup
	for i := range copies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			verdicts[i], errs[i] = g.srv.HandleMail(context.Background(), m)
		}()
	}
	wg.Wait()
	for i := range copies {
		require.NoError(t, errs[i])
		assert.Equal(t, mailer.Accepted, verdicts[i], "copy %d", i)
	}
	assert.Equal(t, 1, g.moveNumber())
}
