package amplitude

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
)

// rulesBoardRow is row r (1..15) of the rendered board.
func rulesBoardRow(t *testing.T, board string, r int) string {
	t.Helper()
	for _, line := range strings.Split(board, "\n") {
		if strings.HasPrefix(line, fmt.Sprintf("%2d ", r)) {
			return line
		}
	}
	t.Fatalf("no row %d in\n%s", r, board)
	return ""
}

func TestRulesRenderBoard(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	board := s.RenderBoard()
	for _, line := range strings.Split(board, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%q", line)
	}
	assert.Contains(t, rulesBoardRow(t, board, 8), " + ", "the empty centre")
	assert.NotContains(t, board, "[")

	s, _ = rulesPlay(t, s, 0, "H8 right 1+2=3")
	board = s.RenderBoard()
	assert.NotContains(t, board, "+", "the centre holds a token")
	assert.Contains(t, rulesBoardRow(t, board, 8), "[1][2][3]")

	s, _ = rulesPlay(t, s, 1, "H8 down 1+6=7")
	board = s.RenderBoard()
	assert.Contains(t, rulesBoardRow(t, board, 8), "[1] 2  3 ", "only the last pose is marked")
	assert.Contains(t, rulesBoardRow(t, board, 9), "[6]")
	assert.Contains(t, rulesBoardRow(t, board, 10), "[7]")
	assert.Equal(t, 3, strings.Count(board, "["))
	for _, line := range strings.Split(board, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%q", line)
	}
}

// Each player sees their own rack and nobody else's; a spectator sees none.
func TestRulesRenderShowsOnlyTheViewersRack(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	names := []string{"Ann", "Bob"}
	ann := s.Render(engine.View{Seat: 0, Names: names})
	assert.Contains(t, ann, "Your rack: 1 2 3 4 5")
	assert.NotContains(t, ann, "1 6 7 8 9")
	assert.Contains(t, ann, "Ann to play")

	bob := s.Render(engine.View{Seat: 1, Names: names})
	assert.Contains(t, bob, "Your rack: 1 6 7 8 9")
	assert.NotContains(t, bob, "1 2 3 4 5")

	archive := s.Render(engine.View{Seat: -1})
	assert.NotContains(t, archive, "rack")
	assert.Contains(t, archive, "seat 1 to play")

	s, _ = rulesPlay(t, s, 0, "H8 right 123")
	after := s.Render(engine.View{Seat: -1, Names: names})
	assert.Contains(t, after, "Last pose, by Ann:\n  H8 right 3-2=1, 10 points.")
	assert.Regexp(t, `Ann\W+10\b`, after)
}

// Every line of Render fits 78 columns, long names included.
func TestRulesRenderFitsLongNames(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	s, _ = rulesPlay(t, s, 0, "H8 right 34251")
	names := []string{strings.Repeat("N", 70), strings.Repeat("M", 70)}
	for _, line := range strings.Split(s.Render(engine.View{Seat: 0, Names: names}), "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%q", line)
	}
}
