package chiffres

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The default board's rows and columns used below:
//
//	row 5:    A9 B4 C8- D6 E* F3 G2- H0 I1
//	row 4:    A7 B3 C2  D1 E0 F9 G5  H6 I8
//	column E: E1 5, E2 7, E3 9-, E4 0, E5 *, E6 8, E7 1-, E8 2, E9 3
//	column B: B1 1, B2 2K, B3 8
func TestScore(t *testing.T) {
	for _, c := range []struct {
		name   string
		tokens string // squares holding a token before the placement
		place  string // the placement
		score  int
		detail string
	}{
		{"two tokens", "E5=4", "3 F5", 7, "across 4+3 = 7"},
		{"two tokens, the run stops at a gap", "A5 E5=4", "6 D5", 10, "across 6+4 = 10"},
		{"three tokens", "E5=4 F5", "6 D5", 18, "across 6+4+3 +5 = 18"},
		{"four tokens", "E5=4 F5 G5", "6 D5", 25, "across 6+4+3+2 +10 = 25"},
		{"four tokens joining two runs", "C5 E5=4 F5", "6 D5", 31, "across 8+6+4+3 +10 = 31"},
		{"five tokens", "D5 E5=4 F5 G5", "0 H5", 45, "across 6+4+3+2+10 +20 = 45"},
		{"six tokens: the only five holding the new token", "E5=4 F5 G5 H5 I5", "6 D5", 45, "across best five of 6: 6+4+3+2+10 +20 = 45"},
		{"nine tokens: the five holding the new token, not the best of the run", "A5 B5 C5 D5 E5=0 F5 G5 H5", "1 I5", 46, "across best five of 9: 10+3+2+10+1 +20 = 46"},
		{"nine tokens: the best of four fives", "A5 B5 C5 E5=0 F5 G5 H5 I5", "6 D5", 57, "across best five of 9: 9+4+8+6+10 +20 = 57"},
		{"0 counts 10", "E5=4", "0 E4", 14, "down 10+4 = 14"},
		{"0 counts 10 in the centre too", "E5=0", "3 F5", 13, "across 10+3 = 13"},
		{"across and down added", "E5=4 E4 F5", "9 F4", 31, "across 10+9 = 19, down 9+3 = 12"},
		{"K adds 10", "B3", "2 B2", 20, "down 2+8 = 10, K +10"},
		{"± takes 10", "E4 E5=4", "9 E3", 18, "down 9+10+4 +5 = 28, malus -10"},
		{"± may leave a placement below zero", "E8", "1 E7", -7, "down 1+2 = 3, malus -10"},
		{"± on a run's own square", "E5=4 F5 H5", "2 G5", 19, "across 4+3+2+10 +10 = 29, malus -10"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, c.tokens, "0123456789")
			m, err := ParseMove(c.place)
			require.NoError(t, err)
			assert.Equal(t, c.score, s.score(m.At, m.Digit))
			assert.Equal(t, c.detail, s.explain(m.At, m.Digit))
		})
	}
}

// TestScoreThroughApply: a placement's points go to the placer's total and
// into the outcome, with the formula in its events.
func TestScoreThroughApply(t *testing.T) {
	s := position(t, "E5=4 E4 F5", "9", "1")
	s.bank = "5"
	next, out, err := s.Apply(0, Move{Kind: Place, Digit: 9, At: sq(t, "F4")})
	require.NoError(t, err)
	assert.Equal(t, 31, out.Score)
	assert.Equal(t, "9 F4", out.Move)
	assert.Contains(t, lang.All(out.Events, lang.English), "9 on F4 scores 31: across 10+9 = 19, down 9+3 = 12.")
	assert.Equal(t, []int{31, 0}, next.Scores())
}

func TestPoints(t *testing.T) {
	assert.Equal(t, 10, points(0))
	for d := 1; d <= 9; d++ {
		assert.Equal(t, d, points(d))
	}
	h := hand{2, 0, 0, 1} // 0 0 3
	assert.Equal(t, 23, h.points())
}
