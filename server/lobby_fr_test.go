package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// TestLobbyInFrench: a player writes the lobby's commands in French:
// inscription, its confirmation, nouvelle ... avec ordinateur, parties,
// désinscription and the word Abandonner in the reply to its confirmation;
// each does what its English does, and is answered in French: a sign-up
// written in French starts a French account.
func TestLobbyInFrench(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	ctx := context.Background()
	const chloe = "chloe@example.org"
	l.send(chloe, "games@example.org", "Bonjour,\n\nInscription Chloé\n\nMerci !")
	assert.Equal(t, "pbem : confirmez votre inscription", l.last(chloe).subject)
	l.reply(chloe, chloe, "C'est bien moi.")
	require.True(t, l.registered(chloe), "the reply confirms")

	l.send(chloe, "games@example.org", "nouvelle amplitude avec ordinateur")
	ids, err := l.st.ActiveGamesOf(ctx, l.playerID(chloe))
	require.NoError(t, err)
	require.Len(t, ids, 1, "a game against the computer, started at once")

	l.send(chloe, "games@example.org", "Parties")
	assert.Contains(t, flat(l.last(chloe).text), "Partie ", "the list of Chloé's games")

	l.send(chloe, "games@example.org", "désinscription")
	conf := l.last(chloe)
	assert.Equal(t, "pbem : confirmez votre départ", conf.subject)
	l.send(chloe, conf.replyTo, "Abandonner.\n\n> You have 1 game going")
	assert.False(t, l.registered(chloe))
	row, err := l.st.Game(ctx, ids[0])
	require.NoError(t, err)
	assert.Equal(t, store.StatusFinished, row.Status, "Chloé resigned")
}

// playerID is the ID of the player at address.
func (l *lobbyTest) playerID(address string) int64 {
	l.t.Helper()
	id, err := l.st.PlayerID(context.Background(), address)
	require.NoError(l.t, err)
	return id
}
