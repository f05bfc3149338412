package ludicitude

import (
	"strconv"

	"pbem/engine"
	"pbem/lang"
)

// diagramLegend says what a picture of the board shows, as the legend
// under RenderBoard does for its letters and brackets.
const diagramLegend = "White and black cubes show their level in digits and pips; " +
	"d4 is the wall. Outlined: the last move; ring: the square it left; cross: a cube it captured."

// Diagram describes the board for a picture, from what RenderBoard draws:
// each cube with its owner and level, the wall, and the last move's marks
// (the cube that moved or was dropped, the square it left, the cubes it
// captured). Like Render it ignores v.Before: a Ludicitude mail covers one
// move of each side at most, and the last one is marked.
func (s *State) Diagram(v engine.View) engine.Diagram {
	var arrived, left, taken uint64
	if l := s.last; l != nil {
		arrived = bit(int(l.move.To))
		if l.move.Kind == Slide {
			left = bit(int(l.move.From))
		}
		taken = l.captured | l.enclosed
	}
	d := engine.Diagram{Cols: size, Rows: size, Cells: make([]engine.Cell, 0, size*size), Legend: lang.T(diagramLegend).In(v.Lang)}
	d.ColLabels, d.RowLabels = gridLabels()
	for r := size - 1; r >= 0; r-- {
		for f := range size {
			q := r*size + f
			cell := engine.Cell{Owner: -1}
			switch c := s.b.cell[q]; {
			case q == wallSq:
				cell.Kind = engine.Wall
			case c != 0:
				cell.Owner, cell.Level = int(c>>2), int(c&3)
				cell.Text = strconv.Itoa(cell.Level)
			case taken&bit(q) != 0:
				cell.Mark = engine.Captured
			}
			switch {
			case arrived&bit(q) != 0:
				cell.Mark = engine.Placed
			case left&bit(q) != 0:
				cell.Mark = engine.Vacated
			}
			d.Cells = append(d.Cells, cell)
		}
	}
	return d
}

var _ engine.Diagrammer = (*State)(nil)
