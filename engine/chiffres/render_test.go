package chiffres

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// playBots plays n moves (all of them when n < 0) between computer players.
func playBots(t *testing.T, s *State, n int) *State {
	t.Helper()
	for ; n != 0 && !s.Over(); n-- {
		m, err := s.BotMove(s.ToMove())
		require.NoError(t, err)
		next, _, err := s.Apply(s.ToMove(), m)
		require.NoError(t, err)
		s = next.(*State)
	}
	return s
}

// TestRenderGolden compares rendered positions with testdata/render/*.txt;
// run with -update to rewrite them after a deliberate change. A case with
// placed > 0 plays that many more moves between computer players and
// renders with its state as View.Before: every token they placed is marked.
func TestRenderGolden(t *testing.T) {
	names := []string{"Alice", "Bob", "Chloé", "a player whose name is far too long for the table"}
	cases := []struct {
		name   string
		state  func(t *testing.T) *State
		view   engine.View
		placed int
	}{
		{"start-seat1", func(t *testing.T) *State { return newGame(t, nil, 1, 2) }, engine.View{Seat: 0, Names: names[:2]}, 0},
		{"midgame-seat2", func(t *testing.T) *State { return playBots(t, newGame(t, nil, 101, 4), 24) }, engine.View{Seat: 1, Names: names}, 0},
		{"passed-seat3", func(t *testing.T) *State {
			s, err := Game{}.New(engine.Options{"bag": "5" + "12457" + "12349" + "03689"}, 1, 3)
			require.NoError(t, err)
			return s.(*State)
		}, engine.View{Seat: 2, Names: names[:3]}, 0},
		{"final-spectator", func(t *testing.T) *State {
			s := playBots(t, newGame(t, nil, 5, 3), 20)
			next, _, err := s.Apply(1, Move{Kind: Resign})
			require.NoError(t, err)
			return playBots(t, next.(*State), -1)
		}, engine.View{Seat: -1, Names: names[:3]}, 0},
		{"shared-win-seat1", func(t *testing.T) *State { return playBots(t, newGame(t, engine.Options{"bag": "7"}, 4, 2), -1) }, engine.View{Seat: 0}, 0},
		// Bob's placement and the three after it, from the midgame-seat2 game.
		{"placed-seat2", func(t *testing.T) *State { return playBots(t, newGame(t, nil, 101, 4), 20) }, engine.View{Seat: 1, Names: names}, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.state(t)
			if c.placed > 0 {
				c.view.Before = s
				s = playBots(t, s, c.placed)
			}
			got := s.Render(c.view)
			for _, line := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, len([]rune(line)), 78, line)
				assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces")
			}
			golden := filepath.Join("testdata", "render", c.name+".txt")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
		})
	}
}

// TestRenderSquares: the four kinds of square, and the last token, differ
// without colour, and the board is plain ASCII.
func TestRenderSquares(t *testing.T) {
	s := position(t, "E5=4 E4 F5", "03579", "12468")
	s.last = &lastPlace{Seat: 0, At: sq(t, "F5"), Digit: 3, Score: 7, Detail: "across 4+3 = 7"}
	assert.Equal(t, " 6 ", s.cell(sq(t, "D5")), "an empty square bearing 6")
	assert.Equal(t, " 2K", s.cell(sq(t, "B2")), "an empty K square")
	assert.Equal(t, " 9-", s.cell(sq(t, "E3")), "an empty ± square")
	assert.Equal(t, "[0]", s.cell(sq(t, "E4")), "a token")
	assert.Equal(t, "[4]", s.cell(sq(t, "E5")), "the centre token")
	assert.Equal(t, "<3>", s.cell(sq(t, "F5")), "the last token placed")
	board := s.RenderBoard()
	for _, r := range board {
		assert.Less(t, r, rune(128), "%q is not ASCII", r)
	}
	assert.Contains(t, board, " 5   9   4   8- [6]"[:11])
	lines := strings.Split(board, "\n")
	assert.Equal(t, "     A   B   C   D   E   F   G   H   I", lines[0])
	assert.Equal(t, " 5   9   4   8-  6  [4] <3>  2-  0   1   5", lines[5])
	assert.Equal(t, "Your tokens: 0 3 5 7 9", s.RenderHand(0))
}

// TestRenderKeepsHandsPrivate: a seat sees its own tokens and no one else's
// while the game goes on.
func TestRenderKeepsHandsPrivate(t *testing.T) {
	s := position(t, "E5=4", "03579", "12468")
	s.bank = "1"
	mine := s.Render(engine.View{Seat: 0})
	assert.Contains(t, mine, "Your tokens: 0 3 5 7 9")
	assert.NotContains(t, mine, "1 2 4 6 8")
	assert.NotContains(t, s.Render(engine.View{Seat: -1}), "Your tokens")
}

// foreignState stands for a state of another game; any method it does not
// define panics, so Render must not call them.
type foreignState struct{ engine.State }

// A Before Render cannot compare with is ignored: the rendering is the one
// without Before, the last token marked, and nothing panics.
func TestRenderIgnoresForeignBefore(t *testing.T) {
	s := playBots(t, newGame(t, nil, 7, 2), 3)
	alt := strings.Replace(DefaultLayoutText, "62K", "62", 1) // B2 plain: another board
	for name, before := range map[string]engine.State{
		"another game type":       foreignState{},
		"a nil Chiffres state":    (*State)(nil),
		"another number of seats": newGame(t, nil, 7, 3),
		"another board":           newGame(t, engine.Options{"board": alt}, 7, 2),
		"tokens this board lacks": playBots(t, newGame(t, nil, 8, 2), 3),
		"a later state":           playBots(t, s, 1),
	} {
		t.Run(name, func(t *testing.T) {
			var got string
			require.NotPanics(t, func() { got = s.Render(engine.View{Seat: 0, Before: before}) })
			assert.Equal(t, s.Render(engine.View{Seat: 0}), got)
			board, _, _ := strings.Cut(got, "Legend")
			assert.Equal(t, 1, strings.Count(board, "<"), "the last token only")
		})
	}
}

// With Before, every token placed since is marked and the legend says so;
// nothing placed since, nothing marked and the legend does not mention it.
func TestRenderMarksTokensPlacedSinceBefore(t *testing.T) {
	before := playBots(t, newGame(t, nil, 7, 2), 2)
	s := playBots(t, before, 3)
	got := s.Render(engine.View{Seat: 0, Before: before})
	board, _, _ := strings.Cut(got, "Legend")
	assert.Equal(t, 3, strings.Count(board, "<"), "the three tokens placed since")
	assert.Equal(t, 3, strings.Count(before.RenderBoard(), "[")+strings.Count(before.RenderBoard(), "<"), "the centre and two more")
	assert.Equal(t, 3, strings.Count(board, "["), "the old tokens")
	assert.Contains(t, got, placedLegend)

	same := s.Render(engine.View{Seat: 0, Before: s})
	assert.NotContains(t, same, "<")
	assert.Contains(t, same, unmarkedLegend)
	sameBoard, _, _ := strings.Cut(same, "Legend")
	assert.Equal(t, sameBoard, strings.NewReplacer("<", "[", ">", "]").Replace(board), "only the marks differ")
	for _, line := range strings.Split(got+same, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 78, line)
	}
}
