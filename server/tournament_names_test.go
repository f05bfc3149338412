package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTournamentWithNames: tournament new … with takes registered
// players' names as new GAME with does: a name one player has invites
// them; a name several share is refused with their addresses masked. An
// address is invited only when a player signed up under it: the server
// mails no stranger at a player's word; a tournament made by mail is a
// club's, 64 entrants at most.
func TestTournamentWithNames(t *testing.T) {
	ctx := context.Background()
	l := newAccountsLobby(t, LobbyPolicy{})
	for _, p := range [][2]string{{"ann@example.org", "Ann"}, {"bob@example.org", "Bob"}, {"sam@one.example", "Sam"}, {"sam@two.example", "Sam"}, {"cid@example.org", "cid"}} {
		register(t, l.st, p[0], p[1]) // two Sams: names from before names were kept apart
	}
	require.NoError(t, l.srv.AddAlias(ctx, "cid@example.org", "cid@work.example"))
	l.send("ann@example.org", "games@example.org", "tournament new amplitude round-robin with dee@example.org")
	assert.Contains(t, flat(l.last("ann@example.org").text), "No player signed up here under dee@example.org")
	l.send("ann@example.org", "games@example.org", "tournament new amplitude swiss 3 open 65")
	assert.Contains(t, flat(l.last("ann@example.org").text), "A tournament made by mail takes at most 64 entrants")
	l.send("ann@example.org", "games@example.org", "tournament new amplitude knockout with Sam")
	assert.Contains(t, flat(l.last("ann@example.org").text), "2 players are named Sam (s***@one.example, s***@two.example)")
	l.send("ann@example.org", "games@example.org", "tournament new amplitude round-robin with bob, cid@work.example")
	made := flat(l.last("ann@example.org").text)
	assert.Contains(t, made, "You made tournament 1")
	for _, who := range []string{"Ann joined", "Bob invited", "cid invited"} { // composed before it was stored
		assert.Contains(t, made, who)
	}
	assert.Contains(t, flat(l.last("bob@example.org").text), "Ann invites you to tournament 1")
	tr, err := l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	var who []string
	for _, e := range tr.Entrants {
		who = append(who, e.Email)
	}
	assert.Equal(t, []string{"ann@example.org", "bob@example.org", "cid@example.org"}, who, "Bob by his name, Cid at an alias of his: each enters as himself")
}
