package server

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server/lobby"
	"pbem/store"
)

// ladderOf is a server with the amplitude ladder and the players on it,
// in that order from the top (ann, bob…), each joined by mail.
func ladderOf(t *testing.T, players ...string) (*clockedGame, store.Ladder) {
	t.Helper()
	g := newLobby(t, players...)
	l, err := g.srv.Ladders().New(context.Background(), "amplitude", 3, 0, nil)
	require.NoError(t, err)
	for _, p := range players {
		mid := g.lobbySend(p+"@example.org", "", "", "ladder join amplitude")
		require.Equal(t, store.Applied, g.outcome(mid), p)
	}
	return g, l
}

// order is the ladder's players from the top, by their names.
func (g *clockedGame) order(l store.Ladder) []string {
	g.t.Helper()
	rungs, err := g.st.Rungs(context.Background(), l.ID)
	require.NoError(g.t, err)
	var out []string
	for _, r := range rungs {
		out = append(out, r.Name)
	}
	return out
}

// TestLadderResults: the rungs a challenge's end moves, from a challenge
// by mail accepted by mail (the defender moves first) to its game's end,
// or its forfeit.
func TestLadderResults(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		challenger, defender string
		end                  func(g *clockedGame, game int64, c, d string)
		want                 []string
		record               [3]int // the challenger's wins, draws, losses
	}{
		{"won from one below", "bob", "ann", resigns("d"), []string{"Bob", "Ann", "Cyd", "Dan", "Eve"}, [3]int{1, 0, 0}},
		{"won from two below", "cyd", "ann", resigns("d"), []string{"Cyd", "Ann", "Bob", "Dan", "Eve"}, [3]int{1, 0, 0}},
		{"won from three below", "eve", "bob", resigns("d"), []string{"Ann", "Eve", "Bob", "Cyd", "Dan"}, [3]int{1, 0, 0}},
		{"defender won", "dan", "bob", resigns("c"), []string{"Ann", "Bob", "Cyd", "Dan", "Eve"}, [3]int{0, 0, 1}},
		{"draw", "cyd", "bob", func(g *clockedGame, game int64, c, d string) {
			g.applied(game, d, "draw")
			g.applied(game, c, "draw")
		}, []string{"Ann", "Bob", "Cyd", "Dan", "Eve"}, [3]int{0, 1, 0}},
		{"declined: a forfeit", "dan", "ann", nil, []string{"Dan", "Ann", "Bob", "Cyd", "Eve"}, [3]int{1, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			g, l := ladderOf(t, "ann", "bob", "cyd", "dan", "eve")
			c, d := tc.challenger+"@example.org", tc.defender+"@example.org"
			written := "ladder challenge " + tc.defender
			if tc.end == nil {
				written += " amplitude" // the game named after the name
			}
			mid := g.lobbySend(c, "", "", written)
			require.Equal(t, store.Applied, g.outcome(mid))
			inv := g.last(d)
			assert.Contains(t, flat(inv.text), "A ladder challenge may not be refused")
			if tc.end == nil {
				mid = g.lobbySend(d, inv.replyTo, inv.messageID, "decline")
				require.Equal(t, store.Applied, g.outcome(mid))
				assert.Contains(t, flat(g.last(c).text), "declined the challenge, which forfeits it")
			} else {
				mid = g.lobbySend(d, inv.replyTo, inv.messageID, "accept")
				require.Equal(t, store.Applied, g.outcome(mid))
				lc, err := g.st.LadderChallengeByID(ctx, 1)
				require.NoError(t, err)
				row, err := g.st.Game(ctx, lc.GameID)
				require.NoError(t, err)
				assert.Equal(t, d, row.Seats[0].Email, "the defender has the first seat")
				tc.end(g, lc.GameID, c, d)
			}
			assert.Equal(t, tc.want, g.order(l))
			rungs, err := g.st.Rungs(ctx, l.ID)
			require.NoError(t, err)
			for _, r := range rungs {
				if r.Email == c {
					assert.Equal(t, tc.record, [3]int{r.Wins, r.Draws, r.Losses})
				}
			}
			lc, err := g.st.LadderChallengeByID(ctx, 1)
			require.NoError(t, err)
			assert.NotEmpty(t, lc.Outcome, "settled")
			n, err := g.srv.Ladders().Settle(ctx)
			require.NoError(t, err)
			assert.Zero(t, n, "settled once")
		})
	}
}

// resigns is the end of a ladder game where the defender ("d") or the
// challenger ("c") resigns, after the other has passed when it is their
// turn.
func resigns(who string) func(g *clockedGame, game int64, c, d string) {
	return func(g *clockedGame, game int64, c, d string) {
		loser, other := d, c
		if who == "c" {
			loser, other = c, d
		}
		g.id = game
		if mover, _ := g.toMove(); mover == other {
			g.applied(game, other, "pass")
		}
		g.applied(game, loser, "resign")
	}
}

// TestLadderRefusals: a challenge below, past the reach, a second as
// challenger or defender, and one again too soon after a defence are
// refused, saying why; nothing is stored.
func TestLadderRefusals(t *testing.T) {
	ctx := context.Background()
	g, l := ladderOf(t, "ann", "bob", "cyd", "dan", "eve")
	ls := g.srv.Ladders()
	for _, tc := range []struct{ c, d, why string }{
		{"bob", "cyd", "never down"},
		{"eve", "ann", "up to 3 rungs above you"},
		{"eve", "eve", "yourself"},
	} {
		_, err := ls.ChallengeNow(ctx, "amplitude", tc.c+"@example.org", tc.d+"@example.org")
		require.True(t, engine.IsRefusal(err), "%s %s: %v", tc.c, tc.d, err)
		assert.Contains(t, err.Error(), tc.why)
	}
	_, err := ls.ChallengeNow(ctx, "amplitude", "cyd@example.org", "ann@example.org")
	require.NoError(t, err)
	for _, tc := range []struct{ c, d, why string }{
		{"cyd", "bob", "one at a time"},
		{"dan", "ann", "has a challenge to answer"},
	} {
		_, err := ls.ChallengeNow(ctx, "amplitude", tc.c+"@example.org", tc.d+"@example.org")
		require.True(t, engine.IsRefusal(err), "%s %s: %v", tc.c, tc.d, err)
		assert.Contains(t, err.Error(), tc.why)
	}
	mid := g.lobbySend("dan@example.org", "", "", "ladder challenge Eve")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last("dan@example.org").text), "never down")
	open, err := g.st.OpenLadderChallenges(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, open, 1)
}

// TestLadderExpiryAndLeave: a challenge not accepted in time is
// forfeited when the clock loop passes; a player who leaves lets those
// below move up and withdraws their open challenge; one who signs off
// leaves at the next pass.
func TestLadderExpiryAndLeave(t *testing.T) {
	ctx := context.Background()
	g, l := ladderOf(t, "ann", "bob", "cyd", "dan")
	_, err := g.srv.Ladders().ChallengeNow(ctx, "amplitude", "bob", "ann")
	require.NoError(t, err)
	g.clock.Advance(7*24*time.Hour + time.Minute)
	done, err := g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(t, err)
	assert.Equal(t, 1, done.Challenges)
	assert.Equal(t, []string{"Bob", "Ann", "Cyd", "Dan"}, g.order(l))
	assert.Contains(t, flat(g.last("ann@example.org").text), "did not accept in time, which forfeits it")

	_, err = g.srv.Ladders().ChallengeNow(ctx, "amplitude", "dan", "ann")
	require.NoError(t, err)
	require.Equal(t, store.Applied, g.outcome(g.answerLast("ann@example.org", "decline")))
	assert.Equal(t, []string{"Bob", "Dan", "Ann", "Cyd"}, g.order(l))
	assert.Contains(t, flat(g.last("cyd@example.org").text),
		"On the Amplitude ladder, Dan took the rung of Ann, 2 (challenge 2): everyone between moved down one, and you are now on rung 4.", "told why their rung changed")

	_, err = g.srv.Ladders().ChallengeNow(ctx, "amplitude", "dan", "bob")
	require.NoError(t, err)
	mid := g.lobbySend("dan@example.org", "", "", "ladder leave amplitude")
	require.Equal(t, store.Applied, g.outcome(mid))
	assert.Equal(t, []string{"Bob", "Ann", "Cyd"}, g.order(l))
	assert.Contains(t, flat(g.last("bob@example.org").text), "Dan left the Amplitude ladder, so their challenge 3 with you is withdrawn")
	assert.Equal(t, store.ChallengeCancelled, g.challengeStatus(3))

	mid = g.lobbySend("ann@example.org", "", "", "échelle quitter amplitude")
	require.Equal(t, store.Applied, g.outcome(mid), "in French")
	assert.Equal(t, []string{"Bob", "Cyd"}, g.order(l))

	_, err = g.st.ChangeAccount(ctx, store.AccountChange{PlayerID: playerIDOf(t, g.st, "bob@example.org"), SignOff: true})
	require.NoError(t, err)
	done, err = g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(t, err)
	assert.Equal(t, 1, done.Ladders, "the clock loop takes off a player who signed off")
	assert.Equal(t, []string{"Cyd"}, g.order(l))

	_, err = g.srv.Ladders().JoinNow(ctx, "amplitude", "ann@example.org")
	require.NoError(t, err)
	_, err = g.srv.Lobby().SignOffPlayer(ctx, "cyd@example.org", false)
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann"}, g.order(l), "signing off leaves at once")
}

func playerIDOf(t *testing.T, st *store.Store, address string) int64 {
	t.Helper()
	id, err := st.PlayerID(context.Background(), address)
	require.NoError(t, err)
	return id
}

// TestLaddersOff: under lobby.ladders = off every ladder command by mail
// is refused, saying so; the operator's still work.
func TestLaddersOff(t *testing.T) {
	g, l := ladderOf(t, "ann", "bob")
	g.srv.cfg.Lobby.Ladders = lobby.LaddersOff
	for _, cmd := range []string{"ladder", "ladder amplitude", "ladder challenge Ann", "ladder leave amplitude"} {
		mid := g.lobbySend("bob@example.org", "", "", cmd)
		assert.Equal(t, store.Refused, g.outcome(mid), cmd)
		assert.Contains(t, flat(g.last("bob@example.org").text), "Ladders are off on this server.", cmd)
	}
	_, err := g.srv.Ladders().ChallengeNow(context.Background(), "amplitude", "bob", "ann")
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "Bob"}, g.order(l))
}

// TestLadderGameAborted: a ladder game the operator aborts has no result
// through a move; the hook after a game's end withdraws its challenge at
// once, moving no one, and the clock loop finds nothing left to do; the
// same challenger may then challenge again.
func TestLadderGameAborted(t *testing.T) {
	ctx := context.Background()
	g, l := ladderOf(t, "ann", "bob")
	id, game := g.accepted("bob", "ann")
	require.NoError(t, g.srv.Abort(ctx, game))
	lc, err := g.st.LadderChallengeByID(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, store.LadderWithdrawn, lc.Outcome)
	assert.Equal(t, []string{"Ann", "Bob"}, g.order(l))
	done, err := g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(t, err)
	assert.Zero(t, done.Ladders, "once")
	_, err = g.srv.Ladders().ChallengeNow(ctx, "amplitude", "bob", "ann")
	assert.NoError(t, err, "a withdrawal holds no one off")
}

// TestLadderHeldOff: after the defender won, the same challenger may not
// challenge them again within the answer time, and may after it.
func TestLadderHeldOff(t *testing.T) {
	ctx := context.Background()
	g, _ := ladderOf(t, "ann", "bob")
	_, game := g.accepted("bob", "ann")
	resigns("c")(g, game, "bob@example.org", "ann@example.org")
	assert.Contains(t, flat(g.last("bob@example.org").text), "Ann won game 1 against Bob and keeps their rung; nothing moves.")
	_, err := g.srv.Ladders().ChallengeNow(ctx, "amplitude", "bob", "ann")
	require.True(t, engine.IsRefusal(err), "%v", err)
	assert.Contains(t, err.Error(), "held you off lately")
	g.clock.Advance(7*24*time.Hour + time.Minute)
	_, err = g.srv.Ladders().ChallengeNow(ctx, "amplitude", "bob", "ann")
	assert.NoError(t, err)
}

// TestLadderInFrench: a French player's ladder mails are French, the
// command written in French too.
func TestLadderInFrench(t *testing.T) {
	g, _ := ladderOf(t, "ann", "bob")
	require.Equal(t, store.Applied, g.outcome(g.lobbySend("bob@example.org", "", "", "lang fr")))
	require.Equal(t, store.Applied, g.outcome(g.lobbySend("bob@example.org", "", "", "échelle amplitude")))
	shown := flat(g.last("bob@example.org").text)
	assert.Contains(t, shown, "Vous êtes au barreau 2.")
	assert.Contains(t, shown, "> c'est vous ; * les joueurs que vous pouvez défier")
	_, err := g.srv.Ladders().ChallengeNow(context.Background(), "amplitude", "bob", "ann")
	require.NoError(t, err)
	assert.Contains(t, flat(g.last("bob@example.org").text), "Vous défiez Ann, au barreau 1 de l'échelle d'Amplitude (défi 1).")
}

// accepted is challenger's challenge of defender (names in lower case),
// made by the operator and accepted by the defender in reply to it: the
// challenge's ID and its game's.
func (g *clockedGame) accepted(challenger, defender string) (int64, int64) {
	g.t.Helper()
	ctx := context.Background()
	id, err := g.srv.Ladders().ChallengeNow(ctx, "amplitude", challenger, defender)
	require.NoError(g.t, err)
	require.Equal(g.t, store.Applied, g.outcome(g.answerLast(defender+"@example.org", "accept")))
	lc, err := g.st.LadderChallengeByID(ctx, id)
	require.NoError(g.t, err)
	return id, lc.GameID
}
