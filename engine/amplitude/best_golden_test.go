package amplitude

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const formulasGolden = "testdata/best-formulas.txt"

// TestBestFormulaGolden pins the best score and the formula written back for
// 600 random lines of 3 to 9 digits in both modes, as the exhaustive search
// found them before it pruned: pruning and the tables may make the search
// faster, never change its answers. Each line of the file reads: digits,
// forbidden, bestScore, the solution's score, its text. -update rewrites it.
func TestBestFormulaGolden(t *testing.T) {
	var got strings.Builder
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 600 {
		n := 3 + i%6
		if i%10 == 9 {
			n = 9
		}
		line := randomLine(rng, n)
		for _, f := range []bool{false, true} {
			sol, ok := bestSolution(line, f)
			text := ""
			if ok {
				text = sol.text()
			}
			fmt.Fprintf(&got, "%s %v %d %d %s\n", digitString(line), f, bestScore(line, f), sol.score, text)
		}
	}
	if *update {
		require.NoError(t, os.WriteFile(formulasGolden, []byte(got.String()), 0o644))
	}
	want, err := os.Open(formulasGolden)
	require.NoError(t, err)
	defer want.Close()
	sc := bufio.NewScanner(want)
	for i, line := range strings.Split(strings.TrimSuffix(got.String(), "\n"), "\n") {
		require.True(t, sc.Scan(), "the golden file ends before line %d", i+1)
		assert.Equal(t, sc.Text(), line, "line %d", i+1)
	}
	assert.False(t, sc.Scan(), "the golden file has more lines")
}
