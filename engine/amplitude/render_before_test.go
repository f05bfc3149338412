package amplitude

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// foreignState stands for a state of another game, with a 7×7 board; any
// method it does not define panics, so Render must not call them.
type foreignState struct{ engine.State }

func (foreignState) BoardRows() []string {
	return strings.Split("......./......./......./...3.../......./......./.......", "/")
}

// A Before Render cannot compare with is ignored: the rendering is the one
// without Before, the last pose bracketed, and nothing panics.
func TestRenderIgnoresForeignBefore(t *testing.T) {
	names := []string{"Ann", "Bob"}
	s := rulesDeal(t, seedDeal, 2)
	first, _ := rulesPlay(t, s, 0, "H8 right 1+2=3")
	second, _ := rulesPlay(t, first, 1, "H8 down 1+6=7")
	other, _ := rulesPlay(t, s, 0, "H8 down 1+2=3")
	three, _ := rulesPlay(t, rulesDeal(t, seedDeal3, 3), 0, "H8 right 1+2=3") // the same board
	for name, before := range map[string]engine.State{
		"another game type":               foreignState{},
		"a nil Amplitude state":           (*State)(nil),
		"another number of seats":         three,
		"tokens this board does not hold": other,
		"a later state":                   second,
	} {
		t.Run(name, func(t *testing.T) {
			want := first.Render(engine.View{Seat: 0, Names: names})
			var got string
			require.NotPanics(t, func() { got = first.Render(engine.View{Seat: 0, Names: names, Before: before}) })
			assert.Equal(t, want, got)
			assert.Contains(t, got, "[1][2][3]")
			assert.NotContains(t, got, "Legend")
		})
	}
}

// Without Before, the board brackets the whole last pose and has no legend,
// as it always has (the goldens without moves hold the exact text).
func TestRenderWithoutBeforeMarksTheLastPose(t *testing.T) {
	for _, s := range loadPositions(t) {
		got := s.Render(engine.View{Seat: -1})
		assert.Equal(t, s.RenderBoard(), got[:len(s.RenderBoard())])
		assert.NotContains(t, got, "Legend")
		if s.last != nil {
			assert.Equal(t, s.last.Len, strings.Count(got, "["))
		}
	}
}

// With Before, the tokens placed since are bracketed, the old ones a pose
// crossed are not, and the legend says what the brackets mean; nothing
// placed since, nothing bracketed and no legend.
func TestRenderMarksTokensPlacedSinceBefore(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	first, _ := rulesPlay(t, s, 0, "H8 right 1+2=3")
	second, _ := rulesPlay(t, first, 1, "H8 down 1+6=7")

	got := second.Render(engine.View{Seat: 0, Before: first})
	assert.Contains(t, rulesBoardRow(t, got, 8), " 1  2  3 ", "the crossed H8 and the older I8, J8 are plain")
	assert.Contains(t, rulesBoardRow(t, got, 9), "[6]")
	assert.Contains(t, rulesBoardRow(t, got, 10), "[7]")
	assert.Equal(t, 2, boardBrackets(got))
	assert.Contains(t, got, " N  O\n"+legendPlacedSince+"\n\n", "the legend right under the board")
	for _, line := range strings.Split(got, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 78, line)
	}

	both := second.Render(engine.View{Seat: 0, Before: s})
	assert.Contains(t, rulesBoardRow(t, both, 8), "[1][2][3]", "both poses since the deal")
	assert.Equal(t, 5, boardBrackets(both))

	passed, _ := rulesPlay(t, second, 0, "pass")
	same := passed.Render(engine.View{Seat: 0, Before: second})
	assert.NotContains(t, same, "[")
	assert.NotContains(t, same, "Legend")
	unbracket := strings.NewReplacer("[", " ", "]", " ")
	assert.Equal(t, unbracket.Replace(passed.Render(engine.View{Seat: 0})), same, "the board without Before, less the brackets")
}

// boardBrackets counts the bracketed tokens of a rendering's board, the
// legend left out.
func boardBrackets(rendering string) int {
	board, _, _ := strings.Cut(rendering, "Legend")
	return strings.Count(board, "[")
}
