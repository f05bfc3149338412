package pairing

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The blossom algorithm against trying every matching, on random graphs
// of up to ten vertices, and on a five-cycle with a tail.
func TestMaxMatching(t *testing.T) {
	cycle := map[[2]int]bool{{0, 1}: true, {1, 2}: true, {2, 3}: true, {3, 4}: true, {0, 4}: true, {4, 5}: true}
	assert.Equal(t, 3, maxMatching(6, func(a, b int) bool { return cycle[[2]int{min(a, b), max(a, b)}] }))
	rng := rand.New(rand.NewPCG(29, 4))
	for range 300 {
		n := 1 + rng.IntN(10)
		adj := make([][]bool, n)
		for a := range adj {
			adj[a] = make([]bool, n)
		}
		for a := range n {
			for b := a + 1; b < n; b++ {
				adj[a][b] = rng.IntN(3) == 0
				adj[b][a] = adj[a][b]
			}
		}
		var brute func(left uint) int
		brute = func(left uint) int {
			a := -1
			for k := range n {
				if left&(1<<k) != 0 {
					a = k
					break
				}
			}
			if a < 0 {
				return 0
			}
			best := brute(left &^ (1 << a)) // a unmatched
			for b := a + 1; b < n; b++ {
				if left&(1<<b) != 0 && adj[a][b] {
					best = max(best, 1+brute(left&^(1<<a)&^(1<<b)))
				}
			}
			return best
		}
		require.Equal(t, brute(1<<n-1), maxMatching(n, func(a, b int) bool { return adj[a][b] }), "%v", adj)
	}
}

// The exact search gives the very pairing the backtracking finds, round
// after round of random Swiss tournaments.
func TestExactIsBacktracking(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 5))
	for n := 4; n <= 12; n++ {
		for range 12 {
			e := seeded(n)
			fd, err := newField(e)
			require.NoError(t, err)
			res := randomResults(rng)
			var games []Game
			for r := 1; r < n; r++ {
				if r > 1 {
					recs, _, err := fd.history(games, r, true)
					require.NoError(t, err)
					order := ranked(fd, recs, r)
					sizes, bye := tableSizes(len(order), 2)
					cands := byeCandidates(order, recs, bye)
					slow := newSearch(order, recs, sizes, 2)
					slow.limit = 1 << 40
					wantTables, wantBye := slow.run(cands)
					gotTables, gotBye := newSearch(order, recs, sizes, 2).exact(cands)
					require.Equal(t, wantBye, gotBye, "n %d round %d", n, r)
					require.Equal(t, wantTables, gotTables, "n %d round %d", n, r)
				}
				tables, err := Pair(Swiss, n-1, 2, e, games, r)
				require.NoError(t, err)
				for _, tb := range tables {
					if len(tb.Seats) == 1 {
						games = append(games, bye(r, tb.Seats[0]))
						continue
					}
					games = append(games, Game{Round: r, Seats: tb.Seats, Done: true, Points: res(r, tb)})
				}
			}
		}
	}
}
