package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/server/ratings"
	"pbem/store"
)

// threePlayers is an Amplitude game of Ann, Bob and Cy.
func threePlayers(s uint64) core.NewGame {
	return core.NewGame{Game: "amplitude", Seed: seed(s), Players: []core.Player{
		{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}, {Email: "cy@example.org", Name: "Cy"},
	}}
}

// playGame creates the game req asks for and plays it to its end: plays
// are an address and its text in turn, the last of them ending the game.
func playGame(t *testing.T, srv *Server, req core.NewGame, plays ...string) {
	t.Helper()
	ctx := context.Background()
	id, err := srv.Create(ctx, req)
	require.NoError(t, err)
	var played Played
	for i := 0; i+1 < len(plays); i += 2 {
		played, err = srv.Play(ctx, id, plays[i], plays[i+1], "")
		require.NoError(t, err, "%s plays %s", plays[i], plays[i+1])
	}
	require.True(t, played.Over, "the game is over")
}

// playToTheEnd plays game id, each seat to move playing the computer
// player's choice, until it is over.
func playToTheEnd(t *testing.T, srv *Server, id int64) engine.State {
	t.Helper()
	ctx := context.Background()
	for {
		snap, err := srv.Snapshot(ctx, id, -1)
		require.NoError(t, err)
		seat := snap.State.ToMove()
		if seat < 0 {
			return snap.State
		}
		m, err := snap.State.BotMove(seat)
		require.NoError(t, err)
		_, err = srv.Play(ctx, id, snap.Game.Seats[seat].Email, m.String(), "")
		require.NoError(t, err)
	}
}

// rating is a rating as the test compares it: rounded to 0.00001.
type rating struct {
	rating                     string
	games, wins, draws, losses int
}

func ratingsOf(t *testing.T, srv *Server) map[string]rating {
	t.Helper()
	rs, err := ratings.List(context.Background(), srv.store, srv.games, "amplitude")
	require.NoError(t, err)
	out := map[string]rating{}
	for _, r := range rs {
		out[r.Email] = rating{fmt.Sprintf("%.5f", r.Rating), r.Games, r.Wins, r.Draws, r.Losses}
	}
	return out
}

// TestRatingsOfScriptedGames plays games to their end and compares the
// ratings with values worked out by hand. Elo: the expected score of A
// against B is E = 1/(1+10^((Rb-Ra)/400)); each pair of players moves A by
// k(S-E), S being 1, 0.5 or 0, with k = 32/(n-1) for n players, every
// change computed from the ratings before the game.
func TestRatingsOfScriptedGames(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := context.Background()
	const ann, bob, cy = "ann@example.org", "bob@example.org", "cy@example.org"

	// 1. Ann beats Bob: Bob resigns. Both at 1500, E = 0.5, k = 32:
	// Ann 1500 + 32(1-0.5) = 1516, Bob 1500 + 32(0-0.5) = 1484.
	playGame(t, srv, twoPlayers(3), bob, "resign")
	assert.Equal(t, map[string]rating{
		ann: {"1516.00000", 1, 1, 0, 0},
		bob: {"1484.00000", 1, 0, 0, 1},
	}, ratingsOf(t, srv))

	// 2. A draw by agreement: Ann offers, Bob accepts. Ann (1516) against
	// Bob (1484): 10^((1484-1516)/400) = 10^-0.08 = 0.831764, so
	// E(Ann) = 1/1.831764 = 0.545922 and E(Bob) = 0.454078; a half point:
	// Ann 1516 + 32(0.5-0.545922) = 1516 - 1.469502 = 1514.530498,
	// Bob 1484 + 32(0.5-0.454078) = 1484 + 1.469502 = 1485.469502.
	playGame(t, srv, twoPlayers(4), ann, "draw", bob, "draw")
	assert.Equal(t, map[string]rating{
		ann: {"1514.53050", 2, 1, 1, 0},
		bob: {"1485.46950", 2, 0, 1, 1},
	}, ratingsOf(t, srv))

	// 3. Three players: Cy resigns at once, Ann and Bob play to the end,
	// and Ann wins on points (seed 2: 13279 to 8848). Places: Ann 1, Bob 2
	// (he played to the end), Cy 3 (new, at 1500). k = 32/2 = 16 a pair.
	//   Ann-Bob: 10^((1485.469502-1514.530498)/400) = 10^-0.072652 = 0.845955,
	//            E(Ann) = 1/1.845955 = 0.541725, E(Bob) = 0.458275
	//   Ann-Cy:  10^((1500-1514.530498)/400) = 10^-0.036326 = 0.919758,
	//            E(Ann) = 1/1.919758 = 0.520899, E(Cy) = 0.479101
	//   Bob-Cy:  10^((1500-1485.469502)/400) = 10^0.036326 = 1.087242,
	//            E(Bob) = 1/2.087242 = 0.479101, E(Cy) = 0.520899
	// Ann: 16(1-0.541725) + 16(1-0.520899) = 7.332402 + 7.665618 = +14.998020
	//      1514.530498 + 14.998020 = 1529.528518
	// Bob: 16(0-0.458275) + 16(1-0.479101) = -7.332402 + 8.334382 = +1.001980
	//      1485.469502 + 1.001980 = 1486.471482
	// Cy:  16(0-0.479101) + 16(0-0.520899) = -16 exactly (Cy's 1500 is
	//      halfway between the two: his expectations add up to 1), 1484.
	id, err := srv.Create(ctx, threePlayers(2))
	require.NoError(t, err)
	_, err = srv.Play(ctx, id, cy, "resign", "")
	require.NoError(t, err)
	end := playToTheEnd(t, srv, id)
	require.Equal(t, []int{0}, end.Winners(), "seed 2: Ann wins")
	require.Equal(t, []int{13279, 8848, 0}, end.Scores())
	assert.Equal(t, map[string]rating{
		ann: {"1529.52852", 3, 2, 1, 0},
		bob: {"1486.47148", 3, 0, 1, 2},
		cy:  {"1484.00000", 1, 0, 0, 1},
	}, ratingsOf(t, srv))
	after3 := ratingsOf(t, srv)

	// 4. Against a computer seat: unrated, whoever wins.
	playGame(t, srv, core.NewGame{Game: "amplitude", Seed: seed(5), Players: []core.Player{{Email: ann, Name: "Ann"}}, Bots: []string{"Robot"}}, ann, "resign")
	// 5. An aborted game: unrated.
	id, err = srv.Create(ctx, twoPlayers(6))
	require.NoError(t, err)
	require.NoError(t, srv.Abort(ctx, id))
	assert.Equal(t, after3, ratingsOf(t, srv), "games 4 and 5 changed nothing")

	// Every game still replays: a rated end changes no stored move.
	ok, failed, err := srv.Records().VerifyAll(ctx, 2, nil)
	require.NoError(t, err)
	assert.Empty(t, failed)
	assert.Equal(t, 5, ok)
}

// TestStandingsMail: "standings" mails the player the ratings of the
// game's type with their line marked, naming nobody by their address; in a
// mail whose moves finish the game, the answer counts that game already.
func TestStandingsMail(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	for _, s := range []uint64{3, 4} { // Bob resigns twice: Ann 1530.53, Bob 1469.47
		playGame(t, srv, twoPlayers(s), "bob@example.org", "resign")
	}
	id, err := srv.Create(ctx, twoPlayers(5))
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: id}
	lastTo := func(email string) string {
		mails, err := st.PendingMails(ctx, id)
		require.NoError(t, err)
		for i := len(mails) - 1; i >= 0; i-- {
			if mails[i].Recipient == email {
				return textOf(t, mails[i].Raw)
			}
		}
		t.Fatalf("no mail to %s", email)
		return ""
	}

	to, thread := g.reply("bob@example.org")
	require.Equal(t, mailer.Accepted, g.handle(raw("bob@example.org", to, "s1@x", thread, "standings")))
	assert.Equal(t, store.Applied, g.outcome("s1@x"))
	text := lastTo("bob@example.org")
	// Ann: 1516 after the first game; then against Bob at 1484,
	// E = 0.545922, so +32(1-0.545922) = +14.530498: 1530.530498.
	assert.Contains(t, text, "The standings of Amplitude, game 3, as you asked:")
	assert.Contains(t, text, "    1  Ann                         1531      2    2      0     0\n")
	assert.Contains(t, text, "*   2  bob@…                       1469      2    0      0     2\n")
	assert.Contains(t, text, "* is you.")
	assert.NotContains(t, text, "ann@example.org", "the standings give no address away")

	// Bob resigns and asks again in one mail: the standings count the game
	// it finishes, as the store does once the commit is written.
	to, thread = g.reply("bob@example.org")
	require.Equal(t, mailer.Accepted, g.handle(raw("bob@example.org", to, "s2@x", thread, "resign\nstandings")))
	rs, err := ratings.List(ctx, srv.store, srv.games, "amplitude")
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, 3, rs[0].Games)
	text = lastTo("bob@example.org")
	shown := map[string]string{"ann@example.org": "Ann", "bob@example.org": "bob@…"} // no address given away
	for i, r := range rs {
		assert.Contains(t, text, fmt.Sprintf(" %3d  %-24s  %6.0f  %5d  %3d  %5d  %4d\n", i+1, shown[r.Email], r.Rating, r.Games, r.Wins, r.Draws, r.Losses))
	}

	// A player with no rated game yet is told where they start.
	id, err = srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(6), Players: []core.Player{{Email: "dee@example.org"}, {Email: "eve@example.org"}}})
	require.NoError(t, err)
	g = &mailGame{t: t, srv: srv, st: st, id: id}
	to, thread = g.reply("dee@example.org")
	require.Equal(t, mailer.Accepted, g.handle(raw("dee@example.org", to, "s3@x", thread, "Standings.")))
	mails, err := st.PendingMails(ctx, id)
	require.NoError(t, err)
	text = textOf(t, mails[len(mails)-1].Raw)
	assert.Contains(t, text, "You have no rated game of Amplitude yet: you start at 1500.")
	assert.False(t, strings.Contains(text, "*  "), "no line is marked")
}

// TestRatingsResignationOrder: of two players who resign, the later places
// better. Bob resigns, then Cy, which leaves Ann the winner: places Ann 1,
// Cy 2, Bob 3, all at 1500, so k = 16 and every E = 0.5: Ann 16(1-0.5)
// twice, +16; Cy +8 against Bob, -8 against Ann, 1500; Bob -16.
func TestRatingsResignationOrder(t *testing.T) {
	srv, _ := newTestServer(t)
	playGame(t, srv, threePlayers(2), "bob@example.org", "resign", "cy@example.org", "resign")
	assert.Equal(t, map[string]rating{
		"ann@example.org": {"1516.00000", 1, 1, 0, 0},
		"cy@example.org":  {"1500.00000", 1, 0, 0, 1},
		"bob@example.org": {"1484.00000", 1, 0, 0, 1},
	}, ratingsOf(t, srv))
}
