package chiffres

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestDiagramAgreesWithRender: on every stored position, a finished game,
// and boards rendered with an earlier position as View.Before, each square
// of the diagram is what BoardRows holds and what Render draws in its 3
// characters: the token, in angle brackets exactly when outlined, and on
// an empty square its printed digit with its K or - mark, the centre's *.
func TestDiagramAgreesWithRender(t *testing.T) {
	type view struct {
		s *State
		v engine.View
	}
	var views []view
	for _, s := range loadPositions(t) {
		views = append(views, view{s, engine.View{Seat: -1}})
	}
	start := newGame(t, nil, 101, 4)
	mid := playBots(t, start, 20)
	later := playBots(t, mid, 4)
	views = append(views,
		view{start, engine.View{Seat: 0}},
		view{later, engine.View{Seat: 1, Before: mid}},
		view{later, engine.View{Seat: 1, Before: later}},
		view{playBots(t, newGame(t, nil, 5, 3), -1), engine.View{Seat: -1}},
	)
	for i, c := range views {
		d := c.s.Diagram(c.v)
		require.Equal(t, size, d.Cols)
		require.Equal(t, size, d.Rows)
		require.Len(t, d.Cells, cells)
		assert.Equal(t, []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, d.ColLabels)
		assert.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, d.RowLabels)
		lines := strings.Split(c.s.Render(c.v), "\n")
		marked := 0
		for r, row := range c.s.BoardRows() {
			assert.Equal(t, d.RowLabels[r], strings.TrimSpace(lines[r+1][:4]))
			for col := range size {
				cell := d.At(r, col)
				q := at(r, col)
				want := cell.Text
				if want == "" {
					want = "."
				}
				assert.Equal(t, string(row[col]), want, "view %d %s", i, q)
				assert.Equal(t, -1, cell.Owner)
				ascii := lines[r+1][4+4*col : 7+4*col]
				switch {
				case cell.Mark == engine.Placed:
					marked++
					assert.Equal(t, "<"+cell.Text+">", ascii, "view %d %s", i, q)
				case cell.Text != "":
					assert.Equal(t, "["+cell.Text+"]", ascii, "view %d %s", i, q)
				case cell.Kind == engine.Centre:
					assert.Equal(t, " * ", ascii, "view %d %s", i, q)
					assert.Empty(t, cell.Printed)
				default:
					mark := map[engine.Kind]string{engine.Plain: " ", engine.Bonus: "K", engine.Malus: "-"}[cell.Kind]
					assert.Equal(t, " "+cell.Printed+mark, ascii, "view %d %s", i, q)
				}
			}
		}
		assert.Equal(t, marked > 0, strings.HasPrefix(d.Legend, "Outlined"), "view %d: the legend names outlines when there are", i)
	}
}
