package store

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hand-worked Elo: the expected score of A against B is
// E = 1/(1+10^((Rb-Ra)/400)), and each pair moves A by k(S-E), S being 1, 0.5
// or 0, with k = 32/(n-1) in an n-player game.
func TestElo(t *testing.T) {
	for _, c := range []struct {
		name   string
		before []float64
		places []int
		want   []float64
	}{
		// Equal ratings: E = 0.5, so the winner gains 32×0.5 = 16.
		{"a win between equals", []float64{1500, 1500}, []int{1, 2}, []float64{1516, 1484}},
		{"a loss between equals", []float64{1500, 1500}, []int{2, 1}, []float64{1484, 1516}},
		// 1516 against 1484: 10^(-32/400) = 0.831764, E = 1/1.831764 =
		// 0.545922; a draw moves the stronger 32×(0.5-0.545922) = -1.46950.
		{"a draw moves the stronger down", []float64{1516, 1484}, []int{1, 1}, []float64{1514.53050, 1485.46950}},
		// Three equals placed 1, 2, 3, k = 16: the first gains 16×0.5
		// twice, the second gains 8 and loses 8, the third loses 16.
		{"three players", []float64{1500, 1500, 1500}, []int{1, 2, 3}, []float64{1516, 1500, 1484}},
		// A shared first place is a draw between the two: 0 between them,
		// +8 each against the third, who loses 16.
		{"a shared win", []float64{1500, 1500, 1500}, []int{1, 1, 3}, []float64{1508, 1508, 1484}},
		// Four equals, k = 32/3: the first gains 3 × 16/3 = 16, the second
		// (32/3)(0.5+0.5-0.5) = 5.33333; a four-player win moves a rating
		// as much as a two-player one.
		{"four players", []float64{1500, 1500, 1500, 1500}, []int{1, 2, 3, 4}, []float64{1516, 1505.33333, 1494.66667, 1484}},
		// A 1600, B 1500, C 1400; B first, C second, A last; k = 16.
		// 10^(-100/400) = 0.562341, so E(A vs B) = E(B vs C) = 0.640065;
		// 10^(-200/400) = 0.316228, so E(A vs C) = 0.759747.
		// A: 16(0-0.640065) + 16(0-0.759747) = -10.24104 - 12.15595 = -22.39699
		// B: 16(1-0.359935) + 16(1-0.640065) = 10.24104 + 5.75896 = +16
		// C: 16(1-0.240253) + 16(0-0.359935) = 12.15595 - 5.75896 = +6.39699
		// all from the ratings before the game: the changes sum to 0.
		{"unequal, from the ratings before", []float64{1600, 1500, 1400}, []int{3, 1, 2}, []float64{1577.60301, 1516, 1406.39699}},
		{"alone", []float64{1500}, []int{1}, []float64{1500}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Elo(c.before, c.places)
			require.Len(t, got, len(c.want))
			for i := range c.want {
				assert.InDelta(t, c.want[i], got[i], 0.00001, "seat %d", i)
			}
		})
	}
}

func TestRateGameTallies(t *testing.T) {
	current := []Rating{{Game: "amplitude", PlayerID: 1, Email: "ann@x.org", Rating: 1516, Games: 1, Wins: 1}}
	got := RateGame("amplitude", current, []Placing{{PlayerID: 1, Place: 1}, {PlayerID: 2, Place: 1}, {PlayerID: 3, Place: 3}})
	require.Len(t, got, 3)
	assert.Equal(t, Rating{Game: "amplitude", PlayerID: 1, Email: "ann@x.org", Rating: got[0].Rating, Games: 2, Wins: 1, Draws: 1}, got[0], "a shared first place is a draw")
	assert.Equal(t, 1, got[1].Draws)
	assert.Equal(t, 1, got[2].Losses)
	assert.Equal(t, 1, got[2].Games, "a newcomer starts with this game")
	assert.Equal(t, 1516.0, current[0].Rating, "current is not changed")

	got = RateGame("amplitude", nil, []Placing{{PlayerID: 1, Place: 2}, {PlayerID: 2, Place: 1}, {PlayerID: 3, Place: 3}})
	assert.Equal(t, []int{0, 1, 0}, []int{got[0].Wins, got[1].Wins, got[2].Wins}, "one win: placed first alone")
	assert.Equal(t, []int{1, 0, 1}, []int{got[0].Losses, got[1].Losses, got[2].Losses}, "every other place loses")
}

// ratedGame creates a game of type typ between ann and bob, the same two
// players every time, and returns its ID and the players' IDs.
func ratedGame(t *testing.T, s *Store, typ string) (int64, []int64) {
	t.Helper()
	ctx := context.Background()
	id, err := s.CreateGame(ctx, NewGame{Type: typ, Secret: []byte("k"), State: []byte("s"),
		Seats: []NewSeat{{Email: "ann@x.org", Name: "Ann"}, {Email: "bob@x.org"}}})
	require.NoError(t, err)
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	return id, []int64{g.Seats[0].PlayerID, g.Seats[1].PlayerID}
}

// finish is the commit of the move that ends game id at move from, the
// first player winning.
func finish(id int64, from int, players []int64) Commit {
	return Commit{
		GameID: id, From: from, State: []byte("over"), Status: StatusFinished,
		Moves:   []Move{{Seat: 1, Text: "resign", Notation: "resign", State: []byte("over")}},
		Ratings: []Placing{{PlayerID: players[0], Place: 1}, {PlayerID: players[1], Place: 2}},
	}
}

// TestRatingsCommittedWithTheMove: the ratings change in the commit of the
// move that finishes the game, and only then: the same commit again is a
// conflict and counts nothing, and a commit that fails changes no rating.
func TestRatingsCommittedWithTheMove(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	id, players := ratedGame(t, s, "amplitude")
	rs, err := s.Ratings(ctx, "")
	require.NoError(t, err)
	assert.Empty(t, rs)

	c := finish(id, 0, players)
	c.Mails = []OutMail{{MessageID: "over@pbem", Recipient: "ann@x.org", Raw: []byte("Subject: s\r\n\r\nb\r\n")}}
	require.NoError(t, s.CommitMoves(ctx, c))
	require.ErrorIs(t, s.CommitMoves(ctx, c), ErrConflict, "a retried commit")

	// Another game's end whose mail cannot be queued (its Message-ID is
	// taken) fails after the ratings were written: they are undone with it.
	id2, _ := ratedGame(t, s, "amplitude")
	failing := finish(id2, 0, players)
	failing.Mails = c.Mails
	require.Error(t, s.CommitMoves(ctx, failing))

	rs, err = s.Ratings(ctx, "amplitude")
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, Rating{Game: "amplitude", PlayerID: players[0], Email: "ann@x.org", Name: "Ann", Rating: 1516, Games: 1, Wins: 1, UpdatedAt: rs[0].UpdatedAt}, rs[0])
	assert.Equal(t, Rating{Game: "amplitude", PlayerID: players[1], Email: "bob@x.org", Rating: 1484, Games: 1, Losses: 1, UpdatedAt: rs[1].UpdatedAt}, rs[1])
	assert.False(t, rs[0].UpdatedAt.IsZero())

	other, err := s.Ratings(ctx, "chiffres")
	require.NoError(t, err)
	assert.Empty(t, other, "ratings are per game type")
}

// TestRatingsOfGamesFinishingTogether: games finishing at once, written in
// one batch or one after the other, each read the ratings the one before
// left: every game counts.
func TestRatingsOfGamesFinishingTogether(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	const games = 8
	var ids []int64
	var players []int64
	for range games {
		id, p := ratedGame(t, s, "amplitude")
		ids, players = append(ids, id), p
	}
	var wg sync.WaitGroup
	errs := make([]error, games)
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.CommitMoves(ctx, finish(id, 0, players))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, "game %d", ids[i])
	}
	// Ann beats Bob eight times; the order does not matter, as every
	// game is between the same two. Replayed one by one:
	want := []float64{StartRating, StartRating}
	for range games {
		want = Elo(want, []int{1, 2})
	}
	rs, err := s.Ratings(ctx, "amplitude")
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, games, rs[0].Games)
	assert.Equal(t, games, rs[0].Wins)
	assert.Equal(t, games, rs[1].Losses)
	assert.InDelta(t, want[0], rs[0].Rating, 1e-9)
	assert.InDelta(t, want[1], rs[1].Rating, 1e-9)
	assert.InDelta(t, 2*StartRating, rs[0].Rating+rs[1].Rating, 1e-9, fmt.Sprint("Elo gives what it takes: ", rs[0].Rating, rs[1].Rating))
}

func TestSortRatings(t *testing.T) {
	rs := []Rating{
		{Game: "chiffres", Email: "a@x", Rating: 1600},
		{Game: "amplitude", Email: "c@x", Rating: 1500, Games: 1},
		{Game: "amplitude", Email: "b@x", Rating: 1500, Games: 3},
		{Game: "amplitude", Email: "a@x", Rating: 1500, Games: 3},
		{Game: "amplitude", Email: "d@x", Rating: 1510},
	}
	SortRatings(rs)
	var got []string
	for _, r := range rs {
		got = append(got, r.Game+" "+r.Email)
	}
	assert.Equal(t, []string{"amplitude d@x", "amplitude a@x", "amplitude b@x", "amplitude c@x", "chiffres a@x"}, got)
}
