package pairing

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPairSwiss pairs round 6 of a Swiss of 64 players after five
// rounds of random results.
func BenchmarkPairSwiss(b *testing.B) {
	benchSwiss(b, 64, 9, 6)
}

// BenchmarkPairSwissLate pairs round 42 of a Swiss of 64 players playing
// 63 rounds, where no pairing avoids every rematch and the exact search
// takes over from the backtracking.
func BenchmarkPairSwissLate(b *testing.B) {
	benchSwiss(b, 64, 63, 42)
}

// benchSwiss pairs round of a Swiss of n players and rounds rounds after
// the earlier rounds played at random.
func benchSwiss(b *testing.B, n, rounds, round int) {
	rng := rand.New(rand.NewPCG(29, 3))
	e := seeded(n)
	res := randomResults(rng)
	var games []Game
	for r := 1; r < round; r++ {
		tables, err := Pair(Swiss, rounds, 2, e, games, r)
		if err != nil {
			b.Fatal(err)
		}
		for _, tb := range tables {
			games = append(games, Game{Round: r, Seats: tb.Seats, Done: true, Points: res(r, tb)})
		}
	}
	for b.Loop() {
		if _, err := Pair(Swiss, rounds, 2, e, games, round); err != nil {
			b.Fatal(err)
		}
	}
}
