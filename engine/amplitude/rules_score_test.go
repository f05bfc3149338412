package amplitude

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// seedDeal gives seat 0 the seed's rack 1 2 3 4 5 and the start (its first
// token is the 5), and seat 1 the rack 1 6 7 8 9.
const seedDeal = "51" + "1234" + "6789"

// The seed's examples with the rack 1 2 3 4 5, as the starting player's first
// pose on H8: each scores double its points. A bare line scores the best
// formula, which the outcome writes back.
func TestRulesSeedExamplesScore(t *testing.T) {
	for _, c := range []struct {
		text    string
		points  int    // before the starter's doubling
		formula string // as recorded in the outcome
	}{
		{"H8 right 1+2=3", 3, "1+2=3"},
		{"H8 down 2+3=5", 5, "2+3=5"},
		{"H8 right 3+4-5=2", 12, "3+4-5=2"},
		{"H8 right (34)/2-5=1", 19, "(3×4)/2-5=1"},
		{"H8 right 3×4/2-5=1", 19, "3×4/2-5=1"},
		{"F8 right 1+2=3", 3, "1+2=3"},     // ends on H8
		{"H6 down 3=1+2", 3, "3=1+2"},      // result first, ends on H8
		{"H8 right 123 3-2=1", 5, "3-2=1"}, // the line, read backwards
		{"H8 right 123", 5, "3-2=1"},       // bare: the best formula
		{"H8 down 34251", 36, "(1+5)×(2/4)=3"},
	} {
		t.Run(c.text, func(t *testing.T) {
			s := rulesDeal(t, seedDeal, 2)
			m, err := ParseMove(c.text)
			require.NoError(t, err)
			next, out := rulesPlay(t, s, 0, c.text)
			assert.Equal(t, 2*c.points, out.Score)
			assert.Equal(t, []int{2 * c.points, 0}, next.Scores())
			assert.Contains(t, lang.All(out.Events, lang.English), "The starting player's first pose scores double.")
			want := Move{Kind: Pose, At: m.At, Down: m.Down, Line: m.Line, Formula: c.formula}
			assert.Equal(t, want.String(), out.Move)
			for i, d := range m.Line {
				assert.Equal(t, d, next.board[m.At.step(m.Down, i)])
			}
			assert.Len(t, next.Rack(0), rackSize)
			assert.Equal(t, 1, next.ToMove())

			// The outcome's move replays to the same state and score.
			again, err := ParseMove(out.Move)
			require.NoError(t, err)
			assert.Equal(t, want, again)
			replayed, out2, err := s.Apply(0, again)
			require.NoError(t, err)
			assert.Equal(t, out, out2)
			assert.Equal(t, rulesEncoded(t, next), rulesEncoded(t, replayed.(*State)))
		})
	}
}

// The doubling belongs to the starting player's first pose only: not to
// another seat's first pose of the game, not to the starter's second pose,
// and it survives a pass before it.
func TestRulesStarterFirstPoseDoublesOnce(t *testing.T) {
	// Seat 0 starts with 1 2 3 4 5; seat 1 holds 1 6 7 8 9; the next draws
	// are 8 8 8 for seat 1, then 6 6 for seat 0.
	s := rulesDeal(t, seedDeal+"888"+"66", 2)
	s, out := rulesPlay(t, s, 0, "pass")
	assert.Equal(t, 0, out.Score)

	s, out = rulesPlay(t, s, 1, "H8 right 1+6=7")
	assert.Equal(t, 7, out.Score, "seat 1 is not the starter")
	assert.NotContains(t, lang.All(out.Events, lang.English), "The starting player's first pose scores double.")
	assert.Equal(t, rulesDigits("88889"), s.Rack(1))

	s, out = rulesPlay(t, s, 0, "H6 down 3-2=1") // crosses H8
	assert.Equal(t, 10, out.Score, "the starter's first pose, after a pass")
	assert.Contains(t, lang.All(out.Events, lang.English), "The starting player's first pose scores double.")
	assert.Equal(t, rulesDigits("14566"), s.Rack(0))

	s, _ = rulesPlay(t, s, 1, "pass")
	// J8 holds the 7: seat 0 uses it without holding one.
	s, out = rulesPlay(t, s, 0, "J8 down 7-6=1")
	assert.Equal(t, 13, out.Score, "the starter's second pose")
	assert.Equal(t, []int{10 + 13, 7}, s.Scores())
}

// The judge's helpers agree with the poses: BestFormula for a bare line,
// CheckFormula for a written one.
func TestRulesJudgeHelpers(t *testing.T) {
	for _, c := range []struct {
		line    string
		forbid  bool
		score   int64
		formula string
	}{
		{"123", false, 5, "3-2=1"},
		{"3 4 2 5 1", false, 36, "(1+5)×(2/4)=3"},
		{"98917", true, 136, "9=8×(9/(1+7))"},
		{"987", false, 0, ""},
		{"21152", true, 0, ""},
	} {
		score, formula, ok, err := BestFormula(c.line, c.forbid)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.score > 0, ok, c.line)
		assert.Equal(t, c.score, score, c.line)
		assert.Equal(t, c.formula, formula, c.line)
		if ok {
			got, err := CheckFormula(formula, c.forbid)
			require.NoError(t, err, formula)
			assert.Equal(t, c.score, got, "%s scores as written what the server says", formula)
		}
	}
	for _, line := range []string{"12", "1203", "123456789123"} {
		_, _, _, err := BestFormula(line, false)
		assert.True(t, engine.IsRefusal(err), line)
	}
	got, err := CheckFormula("(34)/2-5=1", false)
	require.NoError(t, err)
	assert.Equal(t, int64(19), got)
	for _, f := range []string{"[9-8]7=7", "98/9-1=7", "2=(5-1)×(1/2)"} {
		_, err := CheckFormula(f, true)
		assert.True(t, engine.IsRefusal(err), f)
		_, err = CheckFormula(f, false)
		assert.NoError(t, err, f)
	}
}
