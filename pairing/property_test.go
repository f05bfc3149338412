package pairing

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomResults plays each game at random (a fixed seed: the same sets
// every run): a win for one seat or a draw between two, placings at
// random among more.
func randomResults(rng *rand.Rand) result {
	return func(_ int, t Table) []float64 {
		placings := make([]int, len(t.Seats))
		for s := range placings {
			placings[s] = 1 + rng.IntN(len(t.Seats))
		}
		return GamePoints(placings)
	}
}

// Over many random result sets of Swiss tournaments of 4 to 12 players
// playing every round they may (n−1), with a withdrawal after round 2 in
// every other set, each round gives the bye to a player with the fewest
// byes, and its rematches are the fewest any pairing of the round could
// have (found by trying every pairing): none whenever avoidable.
func TestSwissNoRematchWhenAvoidable(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	rematches := 0
	for n := 4; n <= 12; n++ {
		for set := range 24 {
			e := seeded(n)
			if set%2 == 1 {
				e[rng.IntN(n)].Withdrawn = 2
			}
			res := randomResults(rng)
			var games []Game
			for r := 1; r < n; r++ {
				tables, err := Pair(Swiss, n-1, 2, e, games, r)
				require.NoError(t, err)
				m := count(games)
				var active []int64
				for _, x := range e {
					if x.Withdrawn == 0 || x.Withdrawn >= r {
						active = append(active, x.ID)
					}
				}
				seated, got := map[int64]int{}, 0
				for _, tb := range tables {
					for _, id := range tb.Seats {
						seated[id]++
					}
					if len(tb.Seats) == 1 {
						fewest := n
						for _, id := range active {
							fewest = min(fewest, m.byes[id])
						}
						assert.Equal(t, fewest, m.byes[tb.Seats[0]], "n %d set %d round %d: a bye to %d", n, set, r, tb.Seats[0])
						games = append(games, bye(r, tb.Seats[0]))
						continue
					}
					a, b := tb.Seats[0], tb.Seats[1]
					if m.pairs[[2]int64{min(a, b), max(a, b)}] > 0 {
						got++
					}
					games = append(games, Game{Round: r, Seats: tb.Seats, Done: true, Points: res(r, tb)})
				}
				assert.Len(t, seated, len(active), "n %d set %d round %d: everyone playing is seated", n, set, r)
				for id, k := range seated {
					assert.Equal(t, 1, k, "n %d set %d round %d: %d seated %d times", n, set, r, id, k)
				}
				best := fewestRematches(active, m)
				assert.Equal(t, best, got, "n %d set %d round %d: rematches", n, set, r)
				rematches += got
			}
		}
	}
	t.Logf("unavoidable rematches over every set: %d", rematches)
}

// fewestRematches is the fewest rematches of any pairing of active whose
// bye (if any) goes to one of those with the fewest byes, by trying them
// all (a memo over the players left).
func fewestRematches(active []int64, m meetings) int {
	n := len(active)
	met := func(i, j int) int {
		a, b := active[i], active[j]
		if m.pairs[[2]int64{min(a, b), max(a, b)}] > 0 {
			return 1
		}
		return 0
	}
	memo := map[uint32]int{}
	var pairUp func(left uint32) int
	pairUp = func(left uint32) int {
		if left == 0 {
			return 0
		}
		if v, ok := memo[left]; ok {
			return v
		}
		i := bits.TrailingZeros32(left)
		best := n
		for j := i + 1; j < n; j++ {
			if left&(1<<j) != 0 {
				best = min(best, met(i, j)+pairUp(left&^(1<<i)&^(1<<j)))
			}
		}
		memo[left] = best
		return best
	}
	all := uint32(1)<<n - 1
	if n%2 == 0 {
		return pairUp(all)
	}
	fewest := n
	for _, id := range active {
		fewest = min(fewest, m.byes[id])
	}
	best := n
	for i, id := range active {
		if m.byes[id] == fewest {
			best = min(best, pairUp(all&^(1<<i)))
		}
	}
	return best
}

// In every format, at every seat count, each round seats each entrant
// still playing exactly once, at tables no bigger than the seats, with a
// table of one only where the rules give a bye.
func TestEveryoneSeatedOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	for _, f := range []Format{RoundRobin, Swiss, Knockout} {
		for seats := 2; seats <= 4; seats++ {
			for n := 2; n <= 13; n++ {
				rounds := min(n-1, 5)
				if Validate(f, rounds, seats, n) != nil {
					continue
				}
				e := seeded(n)
				games := play(t, f, rounds, seats, e, randomResults(rng))
				assert.True(t, Finished(f, rounds, seats, e, games), "%s of %d at %d", f, n, seats)
				for r := 1; r <= Rounds(f, rounds, seats, n); r++ {
					seated := map[int64]int{}
					for _, g := range games {
						if g.Round != r {
							continue
						}
						assert.LessOrEqual(t, len(g.Seats), seats)
						for _, id := range g.Seats {
							seated[id]++
						}
						if f == Swiss && len(g.Seats) == 1 {
							assert.Equal(t, 1, n%seats, "%s of %d at %d: a bye only for one left over", f, n, seats)
						}
					}
					if f != Knockout {
						assert.Len(t, seated, n, "%s of %d at %d, round %d", f, n, seats, r)
					}
					for id, k := range seated {
						assert.Equal(t, 1, k, "%s of %d at %d, round %d: %d", f, n, seats, r, id)
					}
				}
				st := Standings(f, e, games)
				assert.Len(t, st, n)
				if f == Knockout {
					assert.Equal(t, 1, st[0].Place)
					assert.False(t, st[0].Out, "%s of %d at %d: a champion", f, n, seats)
					assert.True(t, st[1].Out)
				}
			}
		}
	}
}
