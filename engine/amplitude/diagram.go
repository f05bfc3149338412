package amplitude

import (
	"pbem/engine"
	"pbem/lang"
)

// The legends of a diagram, saying what its outlined tokens are, as the
// ASCII board's brackets and legendPlacedSince do.
const (
	captionLastPose    = "Outlined: the tokens of the last pose."
	captionPlacedSince = "Outlined: the tokens placed since your last board."
)

// Diagram describes the board for a picture, from what Render draws for v:
// the same tokens, the same squares outlined (the tokens placed since
// v.Before when it is an earlier position of this game, else the last
// pose), and the centre; the legend says what the outlines are when there
// are any, in v.Lang. Tokens belong to no seat once laid.
func (s *State) Diagram(v engine.View) engine.Diagram {
	m, legend := s.lastPoseMarks(), lang.T(captionLastPose)
	if placed, _, ok := s.placedSince(v.Before); ok {
		m, legend = placed, lang.T(captionPlacedSince)
	}
	d := engine.Diagram{Cols: size, Rows: size, Cells: make([]engine.Cell, 0, size*size)}
	outlined := false // a token is outlined: the legend says why
	d.ColLabels, d.RowLabels = gridLabels()
	for r := range size {
		for c := range size {
			q := at(r, c)
			cell := engine.Cell{Owner: -1}
			if q == centre {
				cell.Kind = engine.Centre
			}
			if dg := s.board[q]; dg != 0 {
				cell.Text = string(rune('0' + dg))
				if m[q] {
					cell.Mark = engine.Placed
					outlined = true
				}
			}
			d.Cells = append(d.Cells, cell)
		}
	}
	if outlined {
		d.Legend = legend.In(v.Lang)
	}
	return d
}

var _ engine.Diagrammer = (*State)(nil)
