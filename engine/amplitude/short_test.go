package amplitude

import (
	"fmt"
	"math/rand/v2"
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
