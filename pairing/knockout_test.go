package pairing

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The standard bracket: between two seats 1–8, 4–5, 2–7, 3–6, so 1 and 2
// meet in the final only; at tables of three of nine places the seeds
// snake: 1 6 7, 2 5 8, 3 4 9.
func TestBracketOrder(t *testing.T) {
	assert.Equal(t, []int{1, 4, 2, 3}, bracketOrder(2, 4))
	assert.Equal(t, []int{1, 8, 4, 5, 2, 7, 3, 6}, bracketOrder(2, 8))
	assert.Equal(t, []int{1, 6, 7, 2, 5, 8, 3, 4, 9}, bracketOrder(3, 9))
	assert.Equal(t, []int{1, 2, 3, 4}, bracketOrder(4, 4))
}

// A knockout of five, worked by hand. The bracket of eight: 1–8, 4–5,
// 2–7, 3–6; 6, 7 and 8 are not entered, so 1, 2 and 3 have byes and 4
// (the better seed, moving first) meets 5, who wins. Round 2: 1–5 (5 has
// played second once, 1 never played: [5 1]) and 2–3, which 1 and a draw
// decide: a tie goes to the better seed, 2. The final 1–2: 1 moved second
// last round, 2 first: [1 2]; 2 wins. Standings: 2 first, 1 second, 5
// and 3 out in round 2 share third (3 listed first: 1½ points against 1),
// 4 out in round 1 fifth.
func TestKnockoutFive(t *testing.T) {
	e := seeded(5)
	require.Equal(t, 3, Rounds(Knockout, 0, 2, 5))
	var games []Game
	pairRound(t, Knockout, 0, 2, e, games, 1, [][]int64{{104, 105}, {101}, {102}, {103}})
	games = append(games, game(1, []float64{0, 1}, 104, 105), bye(1, 101), bye(1, 102), bye(1, 103))
	pairRound(t, Knockout, 0, 2, e, games, 2, [][]int64{{105, 101}, {102, 103}})
	games = append(games, game(2, []float64{0, 1}, 105, 101), game(2, []float64{0.5, 0.5}, 102, 103))
	assert.False(t, Finished(Knockout, 0, 2, e, games))
	pairRound(t, Knockout, 0, 2, e, games, 3, [][]int64{{101, 102}})
	games = append(games, game(3, []float64{0, 1}, 101, 102))
	assert.True(t, Finished(Knockout, 0, 2, e, games))

	var got []struct {
		ID    int64
		Place int
		OutIn int
	}
	for _, s := range Standings(Knockout, e, games) {
		assert.Equal(t, s.OutIn > 0, s.Out)
		got = append(got, struct {
			ID    int64
			Place int
			OutIn int
		}{s.ID, s.Place, s.OutIn})
	}
	assert.Equal(t, []struct {
		ID    int64
		Place int
		OutIn int
	}{{102, 1, 0}, {101, 2, 3}, {103, 3, 2}, {105, 3, 2}, {104, 5, 1}}, got)
}

// A knockout of three: 1 has the bye, 2–3 play; the winner meets 1.
func TestKnockoutThree(t *testing.T) {
	e := seeded(3)
	var games []Game
	pairRound(t, Knockout, 0, 2, e, games, 1, [][]int64{{102, 103}, {101}})
	games = append(games, game(1, []float64{0, 1}, 102, 103), bye(1, 101))
	pairRound(t, Knockout, 0, 2, e, games, 2, [][]int64{{103, 101}})
}

// Tables of three for five: nine places, 1 alone (a bye), 2–5 and 3–4
// at smaller tables; the three winners meet at one table in round 2: 5
// moved second in its one game (3×0−1), 1 never played (0), 3 moved
// first (3×1−1): [5 1 3].
func TestKnockoutTablesOfThree(t *testing.T) {
	e := seeded(5)
	require.Equal(t, 2, Rounds(Knockout, 0, 3, 5))
	var games []Game
	pairRound(t, Knockout, 0, 3, e, games, 1, [][]int64{{102, 105}, {103, 104}, {101}})
	games = append(games, bye(1, 101), game(1, []float64{0, 1}, 102, 105), game(1, []float64{1, 0}, 103, 104))
	pairRound(t, Knockout, 0, 3, e, games, 2, [][]int64{{105, 101, 103}})
}

// Four entrants; 1 wins round 1 and withdraws: the winner of 2–3 goes
// on by a bye and wins the tournament; 1 is out in round 2.
func TestKnockoutWithdrawal(t *testing.T) {
	e := seeded(4)
	games := []Game{game(1, []float64{1, 0}, 101, 104), game(1, []float64{0, 1}, 102, 103)}
	e[0].Withdrawn = 1
	pairRound(t, Knockout, 0, 2, e, games, 2, [][]int64{{103}})
	games = append(games, bye(2, 103))
	assert.True(t, Finished(Knockout, 0, 2, e, games))
	st := Standings(Knockout, e, games)
	assert.Equal(t, Standing{ID: 103, Place: 1, Points: 2, Played: 1, Won: 1, Byes: 1}, st[0])
	assert.Equal(t, Standing{ID: 101, Place: 2, Points: 1, Played: 1, Won: 1, Withdrawn: true, Out: true, OutIn: 2}, st[1])
}
