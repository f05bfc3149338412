package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server/core"
	"pbem/store"
)

// TestTakeoverCountsAsRunning: a seat taken over by mail counts against
// lobby.games_running as a game started does: past the limit the
// takeover is refused with the limit's sentence, nothing changing hands;
// under it the seat is taken, and then counts when the player asks for
// another game.
func TestTakeoverCountsAsRunning(t *testing.T) {
	g := newLobby(t, "ann", "bob", "cat", "dan")
	id := g.create(core.NewGame{Game: "chiffres", Players: players("ann", "bob", "cat"), Options: engine.Options{"replace": "offer"}, Seed: seed(3)})
	g.applied(id, "ann@example.org", "resign")
	dan := "dan@example.org"
	running := func() int {
		n, err := g.st.GamesRunningBy(context.Background(), mustPlayer(t, g.st, dan))
		require.NoError(t, err)
		return n
	}
	require.Equal(t, store.Applied, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "new chiffres open 1")))
	require.Equal(t, 1, running())

	g.srv.cfg.Lobby.GamesRunning = 1
	assert.Equal(t, store.Refused, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "takeover 1")))
	assert.Contains(t, flat(g.last(dan).text), "You have 1 games going or waiting for their players, the most this server allows at once")
	assert.Equal(t, store.OnOffer, g.row().Seats[0].Bot, "the seat is still on offer")

	g.srv.cfg.Lobby.GamesRunning = 2
	assert.Equal(t, store.Applied, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "takeover 1")))
	assert.Equal(t, dan, g.row().Seats[0].Email)
	assert.Equal(t, 2, running(), "the seat taken over counts")
	assert.Equal(t, store.Refused, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "new chiffres open 1")))
	assert.Contains(t, flat(g.last(dan).text), "You have 2 games going or waiting for their players")
}
