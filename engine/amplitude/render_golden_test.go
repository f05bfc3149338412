package amplitude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

// TestRenderGolden compares rendered positions with testdata/render/*.txt;
// run with -update to rewrite them after a deliberate change. The cases
// with moves play them from the position, each by the seat to move, and
// render with the position as View.Before: the tokens those moves placed
// are bracketed, the old ones they crossed are not.
func TestRenderGolden(t *testing.T) {
	names := []string{"Alice", "Bob", "Chloé"}
	cases := []struct {
		name     string
		position string
		moves    []string
		view     engine.View
	}{
		{"start-seat1", "", nil, engine.View{Seat: 0, Names: names}},
		{"midgame-seat2", "seed101-move10", nil, engine.View{Seat: 1, Names: names}},
		{"midgame-spectator", "seed104-move07", nil, engine.View{Seat: -1, Names: names}},
		// Alice's pose crosses I10 and K10.
		{"placed-seat1", "seed101-move10", []string{"E10 right 4433471"}, engine.View{Seat: 0, Names: names}},
		// Alice's pose, then Bob's, which crosses her F10 and the old F12.
		{"placed-two-poses-seat1", "seed101-move10", []string{"E10 right 4433471", "F7 down 1794942"}, engine.View{Seat: 0, Names: names}},
		// The same positions for a player who reads French.
		{"midgame-seat2-fr", "seed101-move10", nil, engine.View{Seat: 1, Names: names, Lang: lang.French}},
		{"placed-seat1-fr", "seed101-move10", []string{"E10 droite 4433471"}, engine.View{Seat: 0, Names: names, Lang: lang.French}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s *State
			if c.position == "" {
				st, err := Game{}.New(engine.Options{"bag": "3512345"}, 1, 2)
				require.NoError(t, err)
				s = st.(*State)
			} else {
				s = goldenPosition(t, c.position)
			}
			if len(c.moves) > 0 {
				c.view.Before = s
			}
			for _, text := range c.moves {
				s, _ = rulesPlay(t, s, s.ToMove(), text)
			}
			got := s.Render(c.view)
			for _, line := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, len([]rune(line)), 78, line)
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

// goldenPosition is the state stored as testdata/positions/NAME.json.
func goldenPosition(t *testing.T, name string) *State {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(positionsDir, name+".json"))
	require.NoError(t, err)
	s, err := decodeState(data)
	require.NoError(t, err)
	return s
}
