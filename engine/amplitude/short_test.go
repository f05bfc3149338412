package amplitude

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShortSolutionAgreesWithSolve: for every line of 3 and 4 digits and
// random lines of 5 and 6, in both rule variants, the best formula of a
// short line is the one the full search (solve, which builds every set)
// writes: the same score, the same reading and the same tree, so that ties
// break as they always did; and it is a true formula the rules allow.
func TestShortSolutionAgreesWithSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 26))
	var lines [][]byte
	eachLine(3, func(l []byte) { lines = append(lines, l) })
	eachLine(4, func(l []byte) { lines = append(lines, l) })
	for range 1500 {
		lines = append(lines, randomLine(rng, 5))
	}
	for range 3000 {
		lines = append(lines, randomLine(rng, 6))
	}
	found := 0
	for _, line := range lines {
		for _, forbidden := range []bool{false, true} {
			name := fmt.Sprintf("%s/forbidden=%v", digitString(line), forbidden)
			want, wantOK := solve(line, forbidden, true)
			got, ok := shortSolution(line, forbidden)
			require.Equal(t, wantOK, ok, name)
			if !ok {
				continue
			}
			found++
			assert.Equal(t, want.text(), got.text(), name)
			assert.Equal(t, [2]bool{want.resultFirst, want.reversed}, [2]bool{got.resultFirst, got.reversed}, name)
			assert.Equal(t, want.score, got.score, name)
			checkSolution(t, line, forbidden, got)
		}
	}
	assert.Greater(t, found, 10000, "most lines have a formula")
}

// TestBestFormulaConcurrent: games ask for best formulas at the same time,
// from caches that start empty; each gets the formula it gets alone (run
// with -race, this also checks the shared sets are safely published).
func TestBestFormulaConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 27))
	var lines []string
	for i := range 200 {
		lines = append(lines, digitString(randomLine(rng, 3+i%4)))
	}
	want := make(map[string]string)
	for _, l := range lines {
		for _, f := range []bool{false, true} {
			_, formula, _, err := BestFormula(l, f)
			require.NoError(t, err)
			want[fmt.Sprint(l, f)] = formula
		}
	}
	resetCaches()
	var wg sync.WaitGroup
	got := make([]map[string]string, 4)
	for g := range got {
		got[g] = make(map[string]string)
		wg.Go(func() {
			for i := range lines {
				l := lines[(i+50*g)%len(lines)]
				for _, f := range []bool{false, true} {
					_, formula, _, _ := BestFormula(l, f)
					got[g][fmt.Sprint(l, f)] = formula
				}
			}
		})
	}
	wg.Wait()
	for g := range got {
		assert.Equal(t, want, got[g], "goroutine %d", g)
	}
}
