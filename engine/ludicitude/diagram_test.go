package ludicitude

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestDiagramAgreesWithRender: on every corpus position, and after a
// slide, a drop, a custodian capture and an enclosure, each square of the
// diagram is what BoardRows holds and what RenderBoard draws in its 4
// characters: the cube's owner and level, the wall, "xx" for a cube taken,
// in brackets the cube that moved and in parentheses the square it left.
func TestDiagramAgreesWithRender(t *testing.T) {
	var states []*State
	for _, p := range loadPositions(t) {
		states = append(states, setup(t, p))
	}
	slid, _ := play(t, setup(t, startPosition), "d2-d3")
	capture, _ := play(t, setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W2", "d3 B1", "e3 W1", "g7 B1", "a7 B2", "f6 B3")), "c2-c3 +c5")
	enclosure, _ := play(t, setup(t, layout("w 0/1", "a4 B1", "b4 B2", "c4 B1", "a3 W1", "b3 W1", "c3 W1", "a5 W1", "b5 W1", "c7 W2", "g7 B1")), "c7-c5")
	dropped, _ := play(t, setup(t, layout("b 0/2", "a1 B1", "g1 W1", "c2 W1", "f6 W3", "e7 W1", "b6 B2")), "drop a7")
	states = append(states, setup(t, startPosition), slid, capture, enclosure, dropped)
	seen := map[engine.Mark]int{}
	for i, s := range states {
		d := s.Diagram(engine.View{Seat: -1})
		require.Equal(t, size, d.Cols)
		require.Equal(t, size, d.Rows)
		require.Len(t, d.Cells, size*size)
		assert.Equal(t, []string{"a", "b", "c", "d", "e", "f", "g"}, d.ColLabels)
		assert.Equal(t, []string{"7", "6", "5", "4", "3", "2", "1"}, d.RowLabels)
		lines := strings.Split(s.RenderBoard(), "\n")
		for r, row := range s.BoardRows() {
			assert.Equal(t, d.RowLabels[r]+" ", lines[r+1][:2])
			for f := range size {
				cell := d.At(r, f)
				var text string
				switch {
				case cell.Kind == engine.Wall:
					text = "##"
				case cell.Level > 0:
					require.Contains(t, []int{White, Black}, cell.Owner)
					text = string("WB"[cell.Owner]) + cell.Text
				case cell.Mark == engine.Captured:
					text = "xx"
				default:
					text = ".."
				}
				ascii := lines[r+1][2+4*f : 6+4*f]
				seen[cell.Mark]++
				if text != "xx" {
					assert.Equal(t, row[2*f:2*f+2], text, "position %d square %s%s", i, d.ColLabels[f], d.RowLabels[r])
				}
				switch cell.Mark {
				case engine.Placed:
					text = "[" + text + "]"
				case engine.Vacated:
					text = "(" + text + ")"
				default:
					text = " " + text + " "
				}
				assert.Equal(t, ascii, text, "position %d square %s%s", i, d.ColLabels[f], d.RowLabels[r])
			}
		}
	}
	for _, m := range []engine.Mark{engine.Placed, engine.Vacated, engine.Captured} {
		assert.Positive(t, seen[m], "some square is marked %d", m)
	}
}
