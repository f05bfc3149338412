package pairing

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The circle tables worked by hand. Four entrants (m = 4): i and j < 4
// meet where round−1 ≡ i+j−2 (mod 3), i meets 4 where round−1 ≡ 2i−2.
// Round 1: 1–4 (1 < m/2 moves first), 2–3 (odd sum, the lower first).
// Round 2: 1–2 (odd), 3–4 (3 ≥ m/2: 4 first). Round 3: 1–3 (even sum:
// the higher, 3, first), 2–4 (2 ≥ m/2: 4 first). Five entrants (m = 6,
// 6 the dummy): round 1 is 1–6, a bye for 1, 2–5 and 3–4; round 2 is
// 1–2, 3–5 (even: 5 first) and 4–6, a bye for 4.
func TestRoundRobinByHand(t *testing.T) {
	cases := []struct {
		n     int
		round int
		want  [][]int64
	}{
		{4, 1, [][]int64{{101, 104}, {102, 103}}},
		{4, 2, [][]int64{{101, 102}, {104, 103}}},
		{4, 3, [][]int64{{103, 101}, {104, 102}}},
		{5, 1, [][]int64{{102, 105}, {103, 104}, {101}}},
		{5, 2, [][]int64{{101, 102}, {105, 103}, {104}}},
	}
	for _, c := range cases {
		var games []Game
		for r := 1; r < c.round; r++ { // the earlier rounds, over
			tables, err := Pair(RoundRobin, 0, 2, seeded(c.n), games, r)
			require.NoError(t, err)
			for _, tb := range tables {
				games = append(games, Game{Round: r, Seats: tb.Seats, Done: true, Points: firstWins(r, tb)})
			}
		}
		tables, err := Pair(RoundRobin, 0, 2, seeded(c.n), games, c.round)
		require.NoError(t, err)
		assert.Equal(t, c.want, seatsOf(tables), "%d entrants, round %d", c.n, c.round)
	}
}

// Every pair meets once, an odd field has one bye each, and everyone
// moves first in half its games, give or take one.
func TestRoundRobinEveryPairOnce(t *testing.T) {
	for n := 2; n <= 13; n++ {
		games := play(t, RoundRobin, 0, 2, seeded(n), firstWins)
		require.Equal(t, n-1+n%2, Rounds(RoundRobin, 0, 2, n))
		m := count(games)
		assert.Len(t, m.pairs, n*(n-1)/2, "%d entrants", n)
		for p, k := range m.pairs {
			assert.Equal(t, 1, k, "%d entrants: %v met %d times", n, p, k)
		}
		for _, e := range seeded(n) {
			assert.Equal(t, n%2, m.byes[e.ID], "%d entrants: byes of %d", n, e.ID)
			assert.Equal(t, n-1, m.games[e.ID])
			assert.InDelta(t, float64(n-1)/2, m.firsts[e.ID], 0.5, "%d entrants: first moves of %d", n, e.ID)
		}
	}
}

// An entrant withdrawn after round 1 of five: its later opponents have
// byes, and no game of it is paired.
func TestRoundRobinWithdrawal(t *testing.T) {
	entrants := seeded(4)
	entrants[2].Withdrawn = 1 // 103
	games := []Game{game(1, []float64{1, 0}, 101, 104), game(1, []float64{0.5, 0.5}, 102, 103)}
	tables, err := Pair(RoundRobin, 0, 2, entrants, games, 2)
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{101, 102}, {104}}, seatsOf(tables), "3–4 is a bye for 4")
	tables, err = Pair(RoundRobin, 0, 2, entrants, games, 3)
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{104, 102}, {101}}, seatsOf(tables), "1–3 is a bye for 1")
}
