package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server/core"
	"pbem/server/lobby"
	"pbem/store"
)

// holdersWhy are the reasons of game id's holders, in order, each with
// its seat's number from 1.
func (g *clockedGame) holdersWhy(id int64) []string {
	g.t.Helper()
	hs, err := g.st.Holders(context.Background(), id)
	require.NoError(g.t, err)
	var out []string
	for _, h := range hs {
		out = append(out, strings.Repeat("#", h.Seat+1)+h.Why)
	}
	return out
}

// TestResignLeavesSeatToComputer: under replace=bot a player who resigns
// in turn leaves the seat to a computer, which plays at once; no
// resignation is played, the others are told once, the leaver gets a
// last mail and then answers for no seat. A resign among other moves is
// refused whole.
func TestResignLeavesSeatToComputer(t *testing.T) {
	g := newClockedGame(t, "chiffres", engine.Options{"replace": "bot", "replace_level": "easy"}, "ann", "bob", "cat")
	first := g.mover()
	require.Equal(t, "ann@example.org", first)
	g.applied(g.id, first, "resign")
	row := g.row()
	assert.Equal(t, "Computer", row.Seats[0].Bot)
	assert.Equal(t, "easy", row.Seats[0].BotLevel)
	assert.Equal(t, int64(0), row.Seats[0].PlayerID)
	assert.Equal(t, 1, row.MoveNumber, "the computer played the seat's turn")
	assert.NotContains(t, g.notations(g.id), "resign")
	assert.Equal(t, []string{"#start", "#resigned"}, g.holdersWhy(g.id))
	for _, other := range []string{"bob@example.org", "cat@example.org"} {
		assert.Equal(t, 1, strings.Count(flat(strings.Join(g.mailsTo(other), "\n")), "Ann resigned. A computer (Computer) takes seat 1 and plays on."), other)
	}
	assert.Contains(t, flat(strings.Join(g.mailsTo(first), "\n")), "The seat is no longer yours")

	bob := g.mover()
	_, move := g.playNext(g.id) // Bob plays: the computer was not in the way
	require.NotEmpty(t, move)
	require.Equal(t, "cat@example.org", g.mover(), "after %s", bob)
	_, err := g.srv.Play(context.Background(), g.id, "cat@example.org", "resign\nresign", "")
	assert.True(t, engine.IsRefusal(err), "nothing after resign: %v", err)
	_, err = g.srv.Play(context.Background(), g.id, first, "board", "")
	assert.ErrorContains(t, err, "has no seat in game", "the leaver holds no seat")
}

// TestOfferedSeatGoesToComputer: under replace=offer a forfeit on time
// puts the seat on offer with its clock stopped, the game waiting; after
// core.OfferTime nobody took it, so a computer does, as of the instant
// the offer ended, and plays.
func TestOfferedSeatGoesToComputer(t *testing.T) {
	g := newClockedGame(t, "chiffres", engine.Options{"clock": "1d", "timeout": "forfeit", "replace": "offer"}, "ann", "bob", "cat")
	require.Equal(t, 1, g.deadlines(25*time.Hour))
	row := g.row()
	assert.Equal(t, store.OnOffer, row.Seats[0].Bot)
	assert.Equal(t, time.Date(2026, 12, 9, 9, 0, 0, 0, time.UTC), row.Seats[0].Offered, "on offer 7 days from the timeout")
	assert.Equal(t, store.Clock{}, row.Clock, "the seat's clock stopped")
	assert.Equal(t, 0, row.MoveNumber)
	assert.Contains(t, flat(strings.Join(g.mailsTo("bob@example.org"), "\n")), "Ann ran out of time. Seat 1 is on offer")

	assert.Equal(t, 0, g.deadlines(6*24*time.Hour), "nothing due while it waits")
	assert.Equal(t, 1, g.deadlines(24*time.Hour))
	row = g.row()
	assert.Equal(t, "Computer", row.Seats[0].Bot)
	assert.True(t, row.Seats[0].Offered.IsZero())
	assert.Equal(t, 1, row.MoveNumber, "the computer played")
	assert.Equal(t, []string{"#start", "#timeout", "#unclaimed"}, g.holdersWhy(g.id))
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	assert.Equal(t, time.Date(2026, 12, 9, 9, 0, 0, 0, time.UTC), moves[0].CreatedAt.UTC(), "played as the offer ended")
	assert.Contains(t, flat(strings.Join(g.mailsTo("cat@example.org"), "\n")), "Nobody took over seat 1 in time. A computer (Computer) takes seat 1")
}

// TestReplaceNoneLeavesAsBefore: without replace, a resignation in a game
// of three is a move, as ever.
func TestReplaceNoneLeavesAsBefore(t *testing.T) {
	g := newClockedGame(t, "chiffres", nil, "ann", "bob", "cat")
	g.applied(g.id, "ann@example.org", "resign")
	assert.Equal(t, []string{"resign"}, g.notations(g.id))
	assert.Empty(t, g.holdersWhy(g.id))
}

// TestSignoffLeavesSeatToComputer: a player who signs off resigning their
// games (the lobby's sign-off) leaves the seat to a computer under
// replace=bot, the holders saying so.
func TestSignoffLeavesSeatToComputer(t *testing.T) {
	g := newClockedGame(t, "chiffres", engine.Options{"replace": "bot"}, "ann", "bob", "cat")
	require.NoError(t, g.srv.kit().ResignSigningOff(context.Background(), g.id, "bob@example.org"))
	assert.Equal(t, "Computer", g.row().Seats[1].Bot)
	assert.Equal(t, []string{"##start", "##signoff"}, g.holdersWhy(g.id))
	assert.Contains(t, flat(strings.Join(g.mailsTo("ann@example.org"), "\n")), "Bob signed off. A computer (Computer) takes seat 2 and plays on.")
	assert.Equal(t, "ann@example.org", g.mover(), "not the computer's turn: nothing played")
}

// TestTakeOverMidGame: a player who takes over a seat on offer after the
// game has begun gets the game's first mail saying so, with the last move
// played, and that it is their turn; the others are told.
func TestTakeOverMidGame(t *testing.T) {
	ctx := context.Background()
	g := newClockedGame(t, "chiffres", engine.Options{"replace": "offer"}, "ann", "bob", "cat")
	g.playNext(g.id)
	g.playNext(g.id)
	require.Equal(t, "cat@example.org", g.mover())
	g.applied(g.id, "cat@example.org", "resign")
	require.Equal(t, store.OnOffer, g.row().Seats[2].Bot)
	_, err := g.st.CreateGame(ctx, store.NewGame{Type: "chiffres", Secret: []byte("k"), State: []byte("s"), // Dan plays here already
		Seats: []store.NewSeat{{Email: "dan@example.org", Name: "Dan"}, {Bot: "Robot"}}})
	require.NoError(t, err)
	dan, err := g.st.PlayerByAddress(ctx, "dan@example.org")
	require.NoError(t, err)
	ann, err := g.st.PlayerByAddress(ctx, "ann@example.org")
	require.NoError(t, err)
	assert.ErrorContains(t, g.srv.TakeOver(ctx, g.id, 2, ann, nil), "you play in game 1 already")
	assert.ErrorContains(t, g.srv.TakeOver(ctx, g.id, 1, dan, nil), "not on offer")
	require.NoError(t, g.srv.TakeOver(ctx, g.id, 2, dan, nil))
	assert.Equal(t, "dan@example.org", g.mover())
	welcome := flat(strings.Join(g.mailsTo("dan@example.org"), "\n"))
	assert.Contains(t, welcome, "The game has begun:")
	assert.Contains(t, welcome, "It is your turn: move #3.")
	assert.Contains(t, flat(strings.Join(g.mailsTo("ann@example.org"), "\n")), "Dan takes over seat 3 and plays on.")
	assert.Equal(t, []string{"###start", "###resigned", "###takeover"}, g.holdersWhy(g.id))
}

// TestTakeoverByMailAndPolicy: lobby.takeover off refuses takeover in a
// sentence; on, the French words list the seats on offer and take one,
// answered in French; a player of the game may not take another seat.
func TestTakeoverByMailAndPolicy(t *testing.T) {
	g := newLobby(t, "ann", "bob", "cat", "dan")
	id := g.create(core.NewGame{Game: "chiffres", Players: players("ann", "bob", "cat"), Options: engine.Options{"replace": "offer"}, Seed: seed(3)})
	g.applied(id, "ann@example.org", "resign")
	dan := "dan@example.org"

	g.srv.cfg.Lobby.Takeover = lobby.TakeoverOff
	assert.Equal(t, store.Refused, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "takeover 1")))
	assert.Contains(t, flat(g.last(dan).text), "turned taking over seats by mail off")

	g.srv.cfg.Lobby.Takeover = ""
	assert.Equal(t, store.Applied, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "relèves")))
	assert.Contains(t, flat(g.last(dan).text), "Partie 1, Chiffres : la place 1 est offerte jusqu'au mar. 8 déc. 2026 09:00 UTC. Écrivez relever 1 pour la prendre.", "answered in the writer's language")
	assert.Equal(t, store.Refused, g.outcome(g.lobbySend("bob@example.org", g.srv.cfg.Address, "", "takeover 1")))
	assert.Contains(t, flat(g.last("bob@example.org").text), "You play in game 1 already")
	assert.Equal(t, store.Refused, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "takeover 1 3")), "a seat named is that seat, not another")
	assert.Contains(t, flat(g.last(dan).text), "Seat 3 of game 1 is not on offer")
	assert.Equal(t, store.Applied, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "relever 1")))
	assert.Equal(t, dan, g.row().Seats[0].Email)
	assert.Equal(t, store.Applied, g.outcome(g.lobbySend(dan, g.srv.cfg.Address, "", "takeover")))
	assert.Contains(t, flat(g.last(dan).text), "No seat is on offer now", "nothing on offer: said, not refused")
}
