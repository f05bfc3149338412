package chiffres

import (
	"strconv"

	"pbem/engine"
	"pbem/lang"
)

// The legends of a diagram: what its outlined tokens are, as Render's
// angle brackets, then its printed squares.
const (
	lastCaption    = "Outlined: the last token placed. "
	placedCaption  = "Outlined: the tokens placed since your last board. "
	squaresCaption = "Small digit: the digit a square bears. " +
		"K: bonus square (+10); minus: malus square (-10); star: the centre. A 0 counts 10."
)

// Diagram describes the board for a picture, from what Render draws for v:
// the same tokens, the same squares outlined (every token placed since
// v.Before when it is an earlier position of this game, else the last
// one), and every square's printed digit and mark. Tokens belong to no
// seat once laid.
func (s *State) Diagram(v engine.View) engine.Diagram {
	m, legend := s.lastMarks(), lang.T(lastCaption)
	if placed, _, ok := s.placedSince(v.Before); ok {
		m, legend = placed, lang.T(placedCaption)
	}
	d := engine.Diagram{Cols: size, Rows: size, Cells: make([]engine.Cell, 0, cells)}
	d.ColLabels, d.RowLabels = gridLabels()
	outlined := false
	for q := range Square(cells) {
		cell := engine.Cell{Owner: -1}
		if digit, printed := s.layout.Printed(q); printed {
			cell.Printed = strconv.Itoa(digit)
		} else {
			cell.Kind = engine.Centre
		}
		switch s.layout.Mark(q) {
		case Bonus:
			cell.Kind = engine.Bonus
		case Malus:
			cell.Kind = engine.Malus
		}
		if t := s.board[q]; t != empty {
			cell.Text = strconv.Itoa(int(t))
			if m[q] {
				cell.Mark = engine.Placed
				outlined = true
			}
		}
		d.Cells = append(d.Cells, cell)
	}
	d.Legend = lang.T(squaresCaption).In(v.Lang)
	if outlined {
		d.Legend = legend.In(v.Lang) + d.Legend
	}
	return d
}

var _ engine.Diagrammer = (*State)(nil)
