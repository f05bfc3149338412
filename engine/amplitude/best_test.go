package amplitude

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteTrees lists every expression tree over seq, in order.
func bruteTrees(seq []byte) []*expr {
	if len(seq) == 1 {
		return []*expr{leafExpr(seq[0])}
	}
	var out []*expr
	for k := 1; k < len(seq); k++ {
		for _, l := range bruteTrees(seq[:k]) {
			for _, r := range bruteTrees(seq[k:]) {
				for _, o := range []op{opAdd, opSub, opMul, opDiv} {
					out = append(out, binExpr(o, l, r))
				}
			}
		}
	}
	return out
}

// bruteBest is the best score over every tree of every reading of line,
// judged one tree at a time with the tree's own checks: an oracle that
// shares nothing with the search but the tree type.
func bruteBest(line []byte, forbidden bool) int64 {
	if forbidden && !forbiddenLine(line).IsZero() {
		return 0
	}
	n := len(line)
	back := make([]byte, n)
	for i, d := range line {
		back[n-1-i] = d
	}
	var best int64
	for _, reading := range [][]byte{line, back} {
		for _, resultFirst := range []bool{false, true} {
			ops, r := reading[:n-1], reading[n-1]
			if resultFirst {
				ops, r = reading[1:], reading[0]
			}
			for _, t := range bruteTrees(ops) {
				v, ok := t.eval()
				if !ok || v != ratOf(int64(r)) {
					continue
				}
				if forbidden && t.forbiddenPattern() != "" {
					continue
				}
				best = max(best, t.score())
			}
		}
	}
	return best
}

func randomLine(rng *rand.Rand, n int) []byte {
	line := make([]byte, n)
	for i := range line {
		line[i] = byte(rng.IntN(9) + 1)
	}
	return line
}

func TestBestAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[int]int{3: 120, 4: 120, 5: 80, 6: 40, 7: 12}
	for n := 3; n <= 7; n++ {
		for range counts[n] {
			line := randomLine(rng, n)
			for _, forbidden := range []bool{false, true} {
				name := fmt.Sprintf("%s/forbidden=%v", digitString(line), forbidden)
				want := bruteBest(line, forbidden)
				assert.Equal(t, want, bestScore(line, forbidden), name)
				sol, ok := bestSolution(line, forbidden)
				require.Equal(t, want > 0, ok, name)
				if ok {
					checkSolution(t, line, forbidden, sol)
				}
			}
		}
	}
}

// checkSolution asserts that sol is a true formula for line that scores what
// it claims.
func checkSolution(t *testing.T, line []byte, forbidden bool, sol solution) {
	t.Helper()
	name := digitString(line)
	v, ok := sol.tree.eval()
	require.True(t, ok, name)
	assert.Equal(t, ratOf(int64(sol.result)), v, name)
	assert.Equal(t, sol.score, sol.tree.score(), name)
	written := sol.tree.digits(nil)
	if sol.resultFirst {
		written = append([]byte{sol.result}, written...)
	} else {
		written = append(written, sol.result)
	}
	if sol.reversed {
		for i, j := 0, len(written)-1; i < j; i, j = i+1, j-1 {
			written[i], written[j] = written[j], written[i]
		}
	}
	assert.Equal(t, line, written, name)
	if forbidden {
		assert.Empty(t, sol.tree.forbiddenPattern(), name)
	}
}

func digitString(line []byte) string {
	b := make([]byte, len(line))
	for i, d := range line {
		b[i] = '0' + d
	}
	return string(b)
}

func digitsOf(s string) []byte {
	b := make([]byte, len(s))
	for i := range s {
		b[i] = s[i] - '0'
	}
	return b
}

func TestBestReferenceLines(t *testing.T) {
	cases := []struct {
		line      string
		forbidden bool
		score     int64 // 0: no formula
		text      string
	}{
		{"123", false, 5, "3-2=1"},             // read right to left
		{"235", false, 8, "5-3=2"},             // read right to left
		{"34251", false, 36, "(1+5)×(2/4)=3"},  // the rules' example
		{"98917", true, 136, "9=8×(9/(1+7))"},  // legal under the forbidden patterns
		{"98917", false, 154, "(9×(8/9))-1=7"}, // without them, F2's 9×8/9 scores more
		{"21152", true, 0, ""},                 // two pairs of equal digits
		{"158455", true, 0, ""},                // three 5s
		{"987", false, 0, ""},                  // no formula at all
	}
	for _, c := range cases {
		line := digitsOf(c.line)
		assert.Equal(t, c.score, bestScore(line, c.forbidden), c.line)
		sol, ok := bestSolution(line, c.forbidden)
		require.Equal(t, c.score > 0, ok, c.line)
		if ok {
			assert.Equal(t, c.text, sol.text(), c.line)
			checkSolution(t, line, c.forbidden, sol)
		}
	}
}

func TestBestLongLines(t *testing.T) {
	// Lines as long as a pose can make (5 new tokens between 6 crossings)
	// and longer: the targeted search must stay exact and finish.
	for _, s := range []string{"12345678912", "99999999999", "11111111111", "19191919191"} {
		line := digitsOf(s)
		for _, forbidden := range []bool{false, true} {
			sol, ok := bestSolution(line, forbidden)
			if forbidden && !forbiddenLine(line).IsZero() {
				assert.False(t, ok, s)
				continue
			}
			require.True(t, ok, s)
			assert.Equal(t, sol.score, bestScore(line, forbidden), s)
			checkSolution(t, line, forbidden, sol)
		}
	}
}
