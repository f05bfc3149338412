package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// TestSecondAddressToldOfAlias: a move in a seat's thread from an address
// of no player's plays nothing, and its answer tells how to make the
// address the player's (alias), naming neither the player's address nor
// the game; from another player's address, it does not.
func TestSecondAddressToldOfAlias(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	second := "ann.smith@work.example"
	require.Equal(t, mailer.Rejected, g.handle(raw(second, to, "a1@x", thread, move)))
	assert.Equal(t, store.Rejected, g.outcome("a1@x"))
	assert.Equal(t, 0, g.moveNumber(), "nothing played")
	answers := g.allQueuedTo(second)
	require.Len(t, answers, 1)
	text := flat(textOf(t, answers[0].Raw))
	assert.Contains(t, text, "To play from this address too, write alias ann.smith@work.example to pbem@localhost from the address you play from, then answer the confirmation that comes here.")
	assert.NotContains(t, text, email, "the player's address is not told")
	assert.NotContains(t, text, "game 1", "nor the game")

	require.Equal(t, mailer.Rejected, g.handle(raw(other(email), to, "a2@x", thread, move)))
	answers = g.allQueuedTo(other(email))
	last := flat(textOf(t, answers[len(answers)-1].Raw))
	assert.Contains(t, last, "It does not carry the reply address of one of this address's games.")
	assert.NotContains(t, last, "alias", "another player's address is no alias to add")
}
