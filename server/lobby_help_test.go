package server

import (
	"pbem/server/lobby"

	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLobbyHelpIsDocumented: every command the lobby's help names is in
// docs/players.md, in backticks, so that the two cannot drift apart.
func TestLobbyHelpIsDocumented(t *testing.T) {
	players := readDoc(t, "players.md")
	entry := regexp.MustCompile(`(?m)^([a-z]+)\b[^\n\t]*\t`)
	words := entry.FindAllStringSubmatch(lobby.Help("games@example.org").String(), -1)
	assert.Len(t, words, 23)
	for _, m := range words {
		assert.Regexp(t, "`"+m[1]+"[` ]", players, "the lobby's help names %q, which docs/players.md does not", m[1])
	}
}

// TestLobbyHelpByMail: help at the bare address, from anyone, is answered
// with the lobby's commands.
func TestLobbyHelpByMail(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	l.send("newcomer@example.net", "games@example.org", "Hello,\nhelp\nthanks")
	got := l.last("newcomer@example.net")
	assert.Contains(t, got.text, "signup NAME")
	assert.Contains(t, got.text, "new GAME with computer")
	assert.Contains(t, got.text, "Write to games@example.org")
}
