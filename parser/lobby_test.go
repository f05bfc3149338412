package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLobbyCommands: lines opening with a lobby verb are commands, with
// their words as written; chatter, quotes and the signature are not read.
func TestLobbyCommands(t *testing.T) {
	text := "Hello,\n\nSignup Ann Smith\nnew amplitude with bob@example.org Chloé clock=3d\n> games\nthanks!\n-- \ngames"
	cmds := LobbyCommands(text)
	assert.Equal(t, []LobbyCommand{
		{Line: 3, Written: "Signup Ann Smith", Verb: Signup, Args: []string{"Ann", "Smith"}},
		{Line: 4, Written: "new amplitude with bob@example.org Chloé clock=3d", Verb: New,
			Args: []string{"amplitude", "with", "bob@example.org", "Chloé", "clock=3d"}},
	}, cmds)
	assert.True(t, IsAccountVerb(Signup))
	assert.False(t, IsAccountVerb(New))
	assert.Empty(t, LobbyCommands("Thanks for the game!\nSee you"))
}
