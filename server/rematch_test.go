package server

import (
	"time"

	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server/core"
	"pbem/server/lobby"
	"pbem/store"
)

// finishedGame is a game of kind between the registered players, created
// by the operator with opts and ended at once by the resignation of the
// players to move, one after the other, replying to its mail.
func (g *clockedGame) finishedGame(kind string, opts engine.Options, who ...string) int64 {
	g.t.Helper()
	id := g.create(core.NewGame{Game: kind, Players: players(who...), Options: opts, Seed: seed(5)})
	for range len(who) - 1 {
		mover, _ := g.toMove()
		g.applied(id, mover, "resign")
	}
	require.Equal(g.t, store.StatusFinished, g.row().Status)
	return id
}

// TestRematchAcceptedByAll: rematch in reply to a finished game's mail
// offers its players the same game and options, each seat moved on by
// one; the others accept (rematch to the game's mail, accept to the
// invitation) and it starts, its first mails to everyone; the old game
// then names its rematch.
func TestRematchAcceptedByAll(t *testing.T) {
	ctx := context.Background()
	g := newLobby(t, "ann", "bob", "cyd")
	ann, bob, cyd := "ann@example.org", "bob@example.org", "cyd@example.org"
	old := g.finishedGame("amplitude", engine.Options{"clock": "72h", "forbidden": "on"}, "ann", "bob", "cyd")

	mid := g.lobbyReply(old, bob, "Good game!\nrematch")
	require.Equal(t, store.Applied, g.outcome(mid))
	c, err := g.st.RematchOf(ctx, old)
	require.NoError(t, err)
	assert.Equal(t, store.ChallengePending, c.Status)
	assert.Equal(t, old, c.RematchOf)
	assert.Equal(t, map[string]string{"clock": "72h", "forbidden": "on"}, c.Options)
	var seated []string
	for _, s := range c.Seats {
		seated = append(seated, s.Address)
	}
	assert.Equal(t, []string{cyd, ann, bob}, seated, "each seat moved on by one")
	assert.Contains(t, flat(g.last(bob).text), "You offer a rematch of game 1: challenge 1, Amplitude, seats: Cyd, Ann, Bob")
	inv := g.last(ann)
	assert.Contains(t, flat(inv.text), "Bob offers a rematch of game 1 (challenge 1)")

	mid = g.lobbyReply(old, cyd, "revanche")
	require.Equal(t, store.Applied, g.outcome(mid))
	assert.Contains(t, flat(g.last(cyd).text), "You have a seat in challenge 1")
	mid = g.lobbyReply(old, cyd, "accept")
	assert.Equal(t, store.Refused, g.outcome(mid), "once is enough")
	assert.Contains(t, flat(g.last(cyd).text), "You accepted the rematch of game 1 (challenge 1) already")

	mid = g.lobbySend(ann, inv.replyTo, inv.messageID, "accept")
	require.Equal(t, store.Applied, g.outcome(mid))
	assert.Equal(t, store.ChallengeStarted, g.challengeStatus(1))
	c, err = g.st.RematchOf(ctx, old)
	require.NoError(t, err)
	row, err := g.st.Game(ctx, c.GameID)
	require.NoError(t, err)
	assert.Equal(t, []string{"Cyd", "Ann", "Bob"}, core.Names(row))
	assert.Equal(t, map[string]string{"clock": "72h", "forbidden": "on"}, row.Options)
	assert.Equal(t, 72*time.Hour, row.Clock.Left, "the clock too, its 72 hours waiting for the turn mail to leave")
	assert.True(t, row.Clock.Waiting())
	for _, who := range []string{ann, bob, cyd} {
		assert.Equal(t, "invitation", g.last(who).kind, who)
	}

	mid = g.lobbyReply(old, ann, "rematch")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last(ann).text), "Game 1 had its rematch already: game 2")
	require.NoError(t, g.srv.Records().Verify(ctx, row.ID))
}

// TestRematchDeclined: a decline in reply to the finished game's mail ends
// the offer, everyone told; accepting it then is refused, and a new
// offer may be made.
func TestRematchDeclined(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	ann, bob := "ann@example.org", "bob@example.org"
	old := g.finishedGame("ludicitude", engine.Options{"bot_nodes": "1000"}, "ann", "bob")
	g.applied(old, ann, "revanche")
	g.applied(old, bob, "refuser")
	assert.Equal(t, store.ChallengeDeclined, g.challengeStatus(1))
	assert.Contains(t, flat(g.last(ann).text), "Bob declined challenge 1")
	assert.Contains(t, flat(g.last(bob).text), "You declined challenge 1")
	mid := g.lobbyReply(old, bob, "accept")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last(bob).text), "No rematch of game 1 waits for an answer")
	g.applied(old, bob, "rematch")
	assert.Equal(t, store.ChallengePending, g.challengeStatus(2), "offered again")
}

// TestRematchAgainstTheComputer: against the computer alone the rematch
// starts at once, the computer in the first seat now.
func TestRematchAgainstTheComputer(t *testing.T) {
	g := newLobby(t, "ann")
	ann := "ann@example.org"
	old := g.create(core.NewGame{Game: "amplitude", Players: players("ann"), Bots: []string{"Robot:easy"}, Seed: seed(5)})
	g.applied(old, ann, "resign")
	g.applied(old, ann, "rematch")
	games, err := g.st.Games(context.Background())
	require.NoError(t, err)
	require.Len(t, games, 2)
	next := games[0]
	if next.ID == old {
		next = games[1]
	}
	assert.Equal(t, []string{"Robot", "Ann"}, core.Names(next))
	assert.Equal(t, "easy", next.Seats[0].BotLevel)
	assert.Equal(t, "invitation", g.last(ann).kind)
}

// TestRematchWithAComputerSeat: a game of people and a computer seat has
// a rematch offered to the people, the computer's seat taken from the
// start and moved on like the others.
func TestRematchWithAComputerSeat(t *testing.T) {
	ctx := context.Background()
	g := newLobby(t, "ann", "bob")
	ann, bob := "ann@example.org", "bob@example.org"
	old := g.create(core.NewGame{Game: "amplitude", Players: players("ann", "bob"), Bots: []string{"Robot"}, Seed: seed(5)})
	g.applied(old, ann, "resign")
	g.applied(old, bob, "resign")
	g.applied(old, bob, "rematch")
	assert.Contains(t, flat(g.last(bob).text), "seats: Robot, Ann, Bob")
	g.applied(old, ann, "accept")
	c, err := g.st.RematchOf(ctx, old)
	require.NoError(t, err)
	require.Equal(t, store.ChallengeStarted, c.Status)
	row, err := g.st.Game(ctx, c.GameID)
	require.NoError(t, err)
	assert.Equal(t, []string{"Robot", "Ann", "Bob"}, core.Names(row))
}

// TestRematchRefusals: a rematch only of a game over, alone in its mail,
// and not when the operator turned rematches off; accept with nothing to
// accept is refused too.
func TestRematchRefusals(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	ann := "ann@example.org"
	going := g.create(core.NewGame{Game: "amplitude", Players: players("ann", "bob"), Seed: seed(5)})
	for body, why := range map[string]string{
		"rematch": "Game 1 goes on: a rematch is offered once it is over",
		"accept":  "Nothing in game 1 waits for your accept now",
	} {
		mid := g.lobbyReply(going, ann, body)
		assert.Equal(t, store.Refused, g.outcome(mid), body)
		assert.Contains(t, flat(g.last(ann).text), why)
	}
	old := g.finishedGame("amplitude", nil, "ann", "bob")
	mid := g.lobbyReply(old, ann, "say gg\nrematch")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last(ann).text), "Rematch goes alone in its mail")

	g.srv.cfg.Lobby.Rematch = lobby.RematchOff
	mid = g.lobbyReply(old, ann, "rematch")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last(ann).text), "Rematches are off on this server")
	_, err := g.st.RematchOf(context.Background(), old)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

// TestRematchNow: the operator starts a rematch at once, but not while
// one offered by mail waits.
func TestRematchNow(t *testing.T) {
	ctx := context.Background()
	g := newLobby(t, "ann", "bob")
	old := g.finishedGame("chiffres", engine.Options{"bag": "123"}, "ann", "bob")
	_, err := g.srv.Lobby().RematchNow(ctx, g.create(core.NewGame{Game: "amplitude", Players: players("ann", "bob"), Seed: seed(5)}))
	assert.ErrorContains(t, err, "a rematch plays a finished game again")
	g.applied(old, "ann@example.org", "rematch")
	_, err = g.srv.Lobby().RematchNow(ctx, old)
	assert.ErrorContains(t, err, "challenge 1, the rematch of game 1, waits for its players")
	require.NoError(t, g.srv.Lobby().CancelChallenge(ctx, 1))
	id, err := g.srv.Lobby().RematchNow(ctx, old)
	require.NoError(t, err)
	row, err := g.st.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []string{"Bob", "Ann"}, core.Names(row))
	assert.Equal(t, map[string]string{"bag": "123"}, row.Options)
}
