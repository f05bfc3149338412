package amplitude

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestDiagramAgreesWithRender: on every stored position, and after poses
// rendered with the position before them as View.Before, each square of
// the diagram is what BoardRows holds and what Render draws in its 3
// characters: the token, bracketed exactly when outlined, the centre's +.
func TestDiagramAgreesWithRender(t *testing.T) {
	type view struct {
		s *State
		v engine.View
	}
	var views []view
	for _, s := range loadPositions(t) {
		views = append(views, view{s, engine.View{Seat: -1}})
	}
	start := rulesDeal(t, seedDeal, 2)
	first, _ := rulesPlay(t, start, 0, "H8 right 1+2=3")
	second, _ := rulesPlay(t, first, 1, "H8 down 1+6=7")
	passed, _ := rulesPlay(t, second, 0, "pass")
	views = append(views,
		view{start, engine.View{Seat: 0}},
		view{second, engine.View{Seat: 0, Before: first}},
		view{second, engine.View{Seat: 0, Before: start}},
		view{passed, engine.View{Seat: 0, Before: second}},
	)
	for i, c := range views {
		d := c.s.Diagram(c.v)
		require.Equal(t, size, d.Cols)
		require.Equal(t, size, d.Rows)
		require.Len(t, d.Cells, size*size)
		assert.Equal(t, "A", d.ColLabels[0])
		assert.Equal(t, "O", d.ColLabels[size-1])
		assert.Equal(t, "15", d.RowLabels[size-1])
		lines := strings.Split(c.s.Render(c.v), "\n")
		marked := 0
		for r, row := range c.s.BoardRows() {
			assert.True(t, strings.HasPrefix(lines[r+1], d.RowLabels[r]+" ") || strings.HasPrefix(lines[r+1], " "+d.RowLabels[r]+" "), "view %d row %d", i, r)
			for col := range size {
				cell := d.At(r, col)
				want := cell.Text
				if want == "" {
					want = "."
				}
				assert.Equal(t, string(row[col]), want, "view %d %s", i, at(r, col))
				assert.Equal(t, -1, cell.Owner)
				ascii := lines[r+1][3+3*col : 6+3*col]
				switch {
				case cell.Mark == engine.Placed:
					marked++
					assert.Equal(t, "["+cell.Text+"]", ascii, "view %d %s", i, at(r, col))
				case cell.Text != "":
					assert.Equal(t, " "+cell.Text+" ", ascii, "view %d %s", i, at(r, col))
				case cell.Kind == engine.Centre:
					assert.Equal(t, " + ", ascii)
				default:
					assert.Equal(t, " . ", ascii)
				}
			}
		}
		assert.Equal(t, marked == 0, d.Legend == "", "view %d: a legend when something is outlined", i)
	}
	assert.Equal(t, engine.Centre, start.Diagram(engine.View{}).At(7, 7).Kind)
}
