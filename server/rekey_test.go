package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// TestRekey: after a rekey the old token is refused, its seat's player is
// told at their registered address (not the sender's), and the new token
// plays; a player can ask for the same by mail.
func TestRekey(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	email, move := g.toMove()
	oldTo, oldThread := g.reply(email)

	emails, err := g.srv.Rekeys().Rekey(ctx, g.id, email)
	require.NoError(t, err)
	assert.Equal(t, []string{email}, emails)
	newTo, newThread := g.reply(email)
	require.NotEqual(t, oldTo, newTo)
	mails := g.mailsTo(email)
	assert.Contains(t, mails[len(mails)-1], "Your reply address for Amplitude")
	assert.Contains(t, mails[len(mails)-1], "It is your turn")

	// A stranger who got hold of an old mail: refused, and the player
	// told, not the stranger.
	before := len(g.mailsTo(email))
	assert.Equal(t, mailer.Rejected, g.handle(raw("mallory@example.net", oldTo, "old1@x", oldThread, move, "Subject: Fwd: [#1]")))
	assert.Equal(t, store.Rejected, g.outcome("old1@x"))
	mails = g.mailsTo(email)
	require.Len(t, mails, before+1)
	assert.Contains(t, mails[len(mails)-1], "came from mallory@example.net")
	assert.Contains(t, mails[len(mails)-1], "It was not played.")
	assert.Equal(t, mailer.Rejected, g.handle(raw(email, oldTo, "old2@x", oldThread, move)), "the player's own old address too")
	assert.Len(t, g.mailsTo(email), before+1, "one explanation a day")
	assert.Equal(t, 0, g.moveNumber())

	assert.Equal(t, mailer.Accepted, g.handle(raw(email, newTo, "new1@x", newThread, move)))
	assert.Equal(t, 1, g.moveNumber(), "the new token plays")

	// By mail: rekey alone.
	other := other(email)
	to, thread := g.reply(other)
	assert.Equal(t, mailer.Rejected, g.handle(raw(other, to, "rk0@x", thread, "rekey\nboard")))
	assert.Equal(t, store.Refused, g.outcome("rk0@x"), "rekey goes alone")
	assert.Equal(t, mailer.Accepted, g.handle(raw(other, to, "rk1@x", thread, "rekey")))
	to2, _ := g.reply(other)
	assert.NotEqual(t, to, to2)
	assert.Equal(t, mailer.Rejected, g.handle(raw(other, to, "rk2@x", thread, "board")))
	assert.Equal(t, store.Rejected, g.outcome("rk2@x"))
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))

	_, err = g.srv.Rekeys().Rekey(ctx, g.id, "nobody@example.org")
	assert.Error(t, err)
	emails, err = g.srv.Rekeys().Rekey(ctx, g.id, "")
	require.NoError(t, err)
	assert.Len(t, emails, 2, "every player")
}
