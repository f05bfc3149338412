package amplitude

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/lang"
)

// RenderBoard draws the board in plain ASCII, 51 columns wide: "." for an
// empty square, "+" for the empty centre, the tokens of the last pose in
// brackets so that it stands out without colour.
//
//	   A  B  C  D  E  F  G  H  I  J  K  L  M  N  O
//	8  .  .  .  .  .  .  . [3][4][2][5][1] .  .  .   8
func (s *State) RenderBoard() string {
	return s.renderBoard(s.lastPoseMarks())
}

// marks are the squares whose tokens a board draws in brackets.
type marks [size * size]bool

// legendPlacedSince says under a board what its brackets mean when they
// mark the tokens placed since the recipient's last board rather than the
// last pose, since the crossed old tokens of a pose are then left plain.
const legendPlacedSince = "Legend: [3] a token just placed, 3 a token placed before."

// lastPoseMarks marks every square of the last pose, new tokens and crossed
// old ones alike: what a board shows when no earlier state is known.
func (s *State) lastPoseMarks() *marks {
	var m marks
	if l := s.last; l != nil {
		for i := range l.Len {
			m[l.At.step(l.Down, i)] = true
		}
	}
	return &m
}

// placedSince marks the squares that hold a token in s and were empty in
// before, so that a mail covering several poses shows every token placed
// since the recipient's last board, and not the old tokens a pose crossed;
// n counts them. ok is false when before is no earlier position of this
// game, which is then ignored: nil, not an Amplitude state, another number
// of seats, or a token s does not hold in its square (tokens never leave the
// board).
func (s *State) placedSince(before engine.State) (m *marks, n int, ok bool) {
	old, isState := before.(*State)
	if !isState || old == nil || len(old.racks) != len(s.racks) {
		return nil, 0, false
	}
	for q, d := range old.board {
		if d != 0 && s.board[q] != d {
			return nil, 0, false
		}
	}
	m = new(marks)
	for q, d := range s.board {
		if d != 0 && old.board[q] == 0 {
			m[q] = true
			n++
		}
	}
	return m, n, true
}

// renderBoard is RenderBoard with the tokens of the squares in m in
// brackets.
func (s *State) renderBoard(m *marks) string {
	var b strings.Builder
	cols, rows := gridLabels()
	header := "   "
	for _, col := range cols {
		header += " " + col + " "
	}
	header = strings.TrimRight(header, " ")
	b.WriteString(header + "\n")
	for r, row := range rows {
		fmt.Fprintf(&b, "%2s ", row)
		for c := range size {
			q := at(r, c)
			switch d := s.board[q]; {
			case d != 0 && m[q]:
				fmt.Fprintf(&b, "[%d]", d)
			case d != 0:
				fmt.Fprintf(&b, " %d ", d)
			case q == centre:
				b.WriteString(" + ")
			default:
				b.WriteString(" . ")
			}
		}
		fmt.Fprintf(&b, " %s\n", row)
	}
	b.WriteString(header + "\n")
	return b.String()
}

// gridLabels are the board's column letters, A to O, and row numbers, 1
// at the top, for RenderBoard and Diagram.
func gridLabels() (cols, rows []string) {
	return engine.GridLabels(size, size, 'A', engine.RowsFromTop)
}

// RenderRack draws one seat's rack: "Your rack: 1 3 3 7 9".
func (s *State) RenderRack(seat int) string { return s.rack(seat).String() }

// rack is one seat's rack as a line of the board.
func (s *State) rack(seat int) lang.Msg {
	return lang.T("Your rack: %s", spaced(s.racks[seat]))
}

// Render draws the whole position for v, its words in v.Lang: the board,
// the last pose, the scores, a pending offer of a draw, whose turn it is,
// the bag, and v's own rack only (when it holds a token). When v.Before is an earlier position of
// this game, the board brackets the tokens placed since it instead of the
// last pose, and a line under it says so when it brackets any, so that the
// recipient tells what is new from the old tokens a pose crossed.
func (s *State) Render(v engine.View) string {
	t := v.Lang
	var b strings.Builder
	switch m, n, ok := s.placedSince(v.Before); {
	case v.Flow: // the reader shows the board its own way
	case ok:
		b.WriteString(s.renderBoard(m))
		if n > 0 {
			b.WriteString(lang.T(legendPlacedSince).In(t) + "\n")
		}
		b.WriteString("\n")
	default:
		b.WriteString(s.RenderBoard())
		b.WriteString("\n")
	}
	if l := s.last; l != nil {
		b.WriteString(lang.T("Last pose, by %s:", shortName(v, l.Seat)).In(t) + "\n")
		b.WriteString("  " + lang.Plural(l.Score, "%s %s %s, %d point.", "%s %s %s, %d points.", l.At, directionWord(l.Down), l.Formula, l.Score).In(t) + "\n")
	}
	b.WriteString(s.renderScores(v))
	if s.agreed.Pending() {
		b.WriteString(wrap(v, s.agreed.Line(s.resigned, func(seat int) string { return shortName(v, seat) }).In(t)))
	}
	if s.over {
		b.WriteString(engine.OverLine(endingMsg(s.end)).In(t) + "\n")
		b.WriteString(winners(s, v).In(t) + "\n")
	} else {
		n := len(s.bag)
		b.WriteString(lang.Plural(n, "%s to play. Bag: %d token.", "%s to play. Bag: %d tokens.", shortName(v, s.toMove), n).In(t) + "\n")
	}
	if v.Seat >= 0 && v.Seat < len(s.racks) && len(s.racks[v.Seat]) > 0 {
		// A rack emptied at the end is no line: "Your rack:" and nothing.
		b.WriteString(s.rack(v.Seat).In(t) + "\n")
	}
	return b.String()
}

// winners says who won a finished game (engine.WinnersMsg): "Ann wins.",
// "Ann and Bob share the win.", "Nobody wins." for a draw.
func winners(s *State, v engine.View) lang.Msg { return engine.WinnersMsg(s, v) }

// renderScores is the score table, a seat a line, names cut to fit 78 columns.
func (s *State) renderScores(v engine.View) string {
	names := make([]string, len(s.scores))
	for seat := range s.scores {
		names[seat] = shortName(v, seat)
	}
	return engine.ScoreTable(v, names, s.scores, 6, func(seat int) string {
		switch {
		case s.resigned[seat]:
			return "  " + engine.ResignedNote.In(v.Lang)
		case seat == s.toMove:
			return "  " + engine.ToPlayNote.In(v.Lang)
		}
		return ""
	})
}

// wrap breaks a sentence into lines of at most 78 columns, the later ones
// indented, and ends it with a newline (one line when v flows).
func wrap(v engine.View, text string) string { return v.Wrap(text, 78, "  ") }

// BoardRows is the board a row a string, "." for an empty square.
func (s *State) BoardRows() []string {
	rows := make([]string, size)
	for r := range size {
		row := make([]byte, size)
		for c := range size {
			row[c] = '.'
			if d := s.board[at(r, c)]; d != 0 {
				row[c] = '0' + d
			}
		}
		rows[r] = string(row)
	}
	return rows
}

// Hand is seat's rack as a string of digits.
func (s *State) Hand(seat int) string {
	if seat < 0 || seat >= len(s.racks) {
		return ""
	}
	return digitText(s.racks[seat])
}

var _ engine.Inspector = (*State)(nil)

// shortName is a seat's name cut to 40 characters, so that every line of a
// rendering fits in 78 columns.
func shortName(v engine.View, seat int) string {
	const most = 40
	if r := []rune(v.Name(seat)); len(r) > most {
		return string(r[:most-1]) + "…"
	}
	return v.Name(seat)
}
