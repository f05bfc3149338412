package pairing

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// seeded are n entrants seeded 1…n, entrant k's ID 100+k, so that a test
// never mistakes an ID for a seed.
func seeded(n int) []Entrant {
	out := make([]Entrant, n)
	for k := range out {
		out[k] = Entrant{ID: int64(101 + k), Seed: k + 1}
	}
	return out
}

// seatsOf are the tables' seats, for comparing with a hand-worked round.
func seatsOf(tables []Table) [][]int64 {
	out := make([][]int64, len(tables))
	for k, t := range tables {
		out[k] = t.Seats
	}
	return out
}

// played is a game of round over, its seats and their points.
func game(round int, points []float64, ids ...int64) Game {
	return Game{Round: round, Seats: ids, Done: true, Points: points}
}

// bye is a bye of round.
func bye(round int, id int64) Game {
	return Game{Round: round, Seats: []int64{id}, Done: true, Points: []float64{ByePoints}}
}

// result gives a table's points: the test's choice of who won.
type result func(round int, t Table) []float64

// play pairs and plays every round of a tournament, the results given by
// res, and returns its games; byes are stored as the caller stores them.
func play(t *testing.T, f Format, rounds, seats int, entrants []Entrant, res result) []Game {
	t.Helper()
	var games []Game
	for r := 1; r <= Rounds(f, rounds, seats, len(entrants)); r++ {
		tables, err := Pair(f, rounds, seats, entrants, games, r)
		require.NoError(t, err, "round %d", r)
		for _, tb := range tables {
			if len(tb.Seats) == 1 {
				games = append(games, bye(r, tb.Seats[0]))
				continue
			}
			games = append(games, Game{Round: r, Seats: tb.Seats, Done: true, Points: res(r, tb)})
		}
	}
	return games
}

// firstWins: seat 0 wins every game.
func firstWins(_ int, t Table) []float64 {
	placings := make([]int, len(t.Seats))
	for s := range placings {
		placings[s] = s + 1
	}
	return GamePoints(placings)
}

// meetings counts how often each pair of entrants met and each entrant's
// byes and first moves.
type meetings struct {
	pairs  map[[2]int64]int
	byes   map[int64]int
	firsts map[int64]int
	games  map[int64]int
}

func count(games []Game) meetings {
	m := meetings{pairs: map[[2]int64]int{}, byes: map[int64]int{}, firsts: map[int64]int{}, games: map[int64]int{}}
	for _, g := range games {
		if len(g.Seats) == 1 {
			m.byes[g.Seats[0]]++
			continue
		}
		m.firsts[g.Seats[0]]++
		for s, a := range g.Seats {
			m.games[a]++
			for _, b := range g.Seats[s+1:] {
				m.pairs[[2]int64{min(a, b), max(a, b)}]++
			}
		}
	}
	return m
}
