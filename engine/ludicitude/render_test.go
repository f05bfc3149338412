package ludicitude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestRenderGolden compares rendered positions with testdata/render/*.txt;
// run with -update to rewrite them after a deliberate change.
func TestRenderGolden(t *testing.T) {
	names := []string{"Alice", "Bob"}
	capture, _ := play(t, setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W2", "d3 B1", "e3 W1", "g7 B1", "a7 B2", "f6 B3")), "c2-c3 +c5")
	enclosure, _ := play(t, setup(t, layout("w 0/1", "a4 B1", "b4 B2", "c4 B1", "a3 W1", "b3 W1", "c3 W1", "a5 W1", "b5 W1", "c7 W2", "g7 B1")), "c7-c5")
	passed, _ := play(t, setup(t, layout("w 0/0", "a1 B1", "b1 B1", "a2 W1", "b2 W1", "c1 W1", "g4 W3")), "g4-g6")
	offered, _ := play(t, setup(t, startPosition), "d2-d3", "draw")
	won, _ := play(t, setup(t, layout("w 0/4", "b2 W1", "b4 B3", "b5 W1", "f1 W2")), "b2-b3")
	long := []string{"Alexandra Konstantinopoulou-Papadimitriou", "Bob"}
	cases := []struct {
		name  string
		state *State
		view  engine.View
	}{
		{"start-white", setup(t, startPosition), engine.View{Seat: White, Names: names}},
		{"custodian-spectator", capture, engine.View{Seat: -1, Names: names}},
		{"enclosure-black", enclosure, engine.View{Seat: Black, Names: names}},
		{"pass-white", passed, engine.View{Seat: White, Names: names}},
		{"draw-offer-black", offered, engine.View{Seat: Black, Names: long}},
		{"won-spectator", won, engine.View{Seat: -1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.state.Render(c.view)
			for _, line := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, len([]rune(line)), renderWidth, line)
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

func TestInspectorAndHelp(t *testing.T) {
	s := setup(t, startPosition)
	assert.Equal(t, []string{
		"..B1B1B1B1B1..", "......B1......", "..............", "......##......",
		"..............", "......W1......", "..W1W1W1W1W1..",
	}, s.BoardRows())
	assert.Empty(t, s.Hand(White))
	for _, line := range strings.Split(Game{}.Rules().String(), "\n") {
		assert.LessOrEqual(t, len(line), renderWidth, line)
	}
	for _, line := range strings.Split(Game{}.Notation().String(), "\n") {
		if example, _, row := strings.Cut(line, "\t"); assert.True(t, row, line) {
			_, err := ParseMove(example)
			assert.NoError(t, err, example)
		}
	}
}
