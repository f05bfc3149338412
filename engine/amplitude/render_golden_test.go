package amplitude

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
	names := []string{"Alice", "Bob", "Chloé"}
	cases := []struct {
		name     string
		position string
		view     engine.View
	}{
		{"start-seat1", "", engine.View{Seat: 0, Names: names}},
		{"midgame-seat2", "seed101-move10", engine.View{Seat: 1, Names: names}},
		{"midgame-spectator", "seed104-move07", engine.View{Seat: -1, Names: names}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s *State
			if c.position == "" {
				st, err := Game{}.New(engine.Options{"bag": "3512345"}, 1, 2)
				require.NoError(t, err)
				s = st.(*State)
			} else {
				data, err := os.ReadFile(filepath.Join(positionsDir, c.position+".json"))
				require.NoError(t, err)
				s, err = decodeState(data)
				require.NoError(t, err)
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
