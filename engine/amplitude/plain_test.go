package amplitude

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlainSearchAgrees: the plain search finds the score and the reading
// solve finds, on random lines of 3 to 11 digits, each line alone and all
// of them through one shared memory, as a move generation does; and
// bestSolution writes the formula solve writes.
func TestPlainSearchAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	shared := newPlainSearch()
	counts := map[int]int{3: 40, 4: 40, 5: 40, 6: 40, 7: 150, 8: 40, 9: 12, 10: 4, 11: 2}
	for n := 3; n <= 11; n++ {
		for range counts[n] {
			line := randomLine(rng, n)
			want, wantOK := solve(line, false, true)
			for i, p := range []*plainSearch{newPlainSearch(), shared} {
				score, rf, rev := p.best(line)
				name := fmt.Sprintf("%s/%d", digitString(line), i)
				assert.Equal(t, want.score, score, name)
				assert.Equal(t, want.score, p.bestScore(line), name)
				if want.score > 0 {
					assert.Equal(t, [2]bool{want.resultFirst, want.reversed}, [2]bool{rf, rev}, name)
				}
			}
			got, ok := bestSolution(line, false)
			require.Equal(t, wantOK, ok, digitString(line))
			if ok {
				assert.Equal(t, want.text(), got.text(), digitString(line))
			}
		}
	}
}

// TestPlainSearchCorpus: every line a corpus position's generator scores
// through its shared search scores what solve finds for it alone (one in
// seven of the long ones, to stay quick).
func TestPlainSearchCorpus(t *testing.T) {
	checked := 0
	for i, s := range loadPositions(t) {
		if s.opts.forbidden || s.ToMove() < 0 {
			continue
		}
		resetCaches() // so that the scores come from the generation's search
		n := 0
		for _, p := range s.Poses(s.ToMove()) {
			if len(p.Move.Line) <= tableLineLen {
				continue
			}
			if n++; n%7 != 0 {
				continue
			}
			want, _ := solve(p.Move.Line, false, false)
			mult := int64(1)
			if s.ToMove() == s.starter && !s.starterPosed {
				mult = 2
			}
			assert.Equal(t, want.score*mult, int64(p.Score), "position %d: %s", i, digitString(p.Move.Line))
			checked++
		}
	}
	assert.Greater(t, checked, 500)
}
