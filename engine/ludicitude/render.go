package ludicitude

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/lang"
)

const (
	// renderWidth is the widest line a mail may hold.
	renderWidth = 78
	// quietWarning is the count of quiet turns from which the board warns
	// of the coming draw.
	quietWarning = 150
)

// RenderBoard draws the board in plain ASCII, readable without colour: a
// cube is its owner's letter and its level ("W2", "B3"), ".." an empty
// square, "##" the wall; the last move's cube is in brackets, the square it
// left in parentheses, and the squares it captured read "xx".
//
//	   a   b   c   d   e   f   g
//	7  ..  B1  B1  B1  B1  B1  ..  7
func (s *State) RenderBoard() string {
	var arrived, left, taken uint64
	if l := s.last; l != nil {
		arrived = bit(int(l.move.To))
		if l.move.Kind == Slide {
			left = bit(int(l.move.From))
		}
		taken = l.captured | l.enclosed
	}
	var b strings.Builder
	cols, rows := gridLabels()
	header := "  "
	for _, col := range cols {
		header += " " + col + "  "
	}
	header = strings.TrimRight(header, " ")
	b.WriteString(header + "\n")
	for i, row := range rows {
		r := size - 1 - i
		fmt.Fprintf(&b, "%s ", row)
		for f := range size {
			q := r*size + f
			text := ".."
			switch c := s.b.cell[q]; {
			case q == wallSq:
				text = "##"
			case c != 0:
				text = fmt.Sprintf("%c%d", "WB"[c>>2], c&3)
			case taken&bit(q) != 0:
				text = "xx"
			}
			switch {
			case arrived&bit(q) != 0:
				b.WriteString("[" + text + "]")
			case left&bit(q) != 0:
				b.WriteString("(" + text + ")")
			default:
				b.WriteString(" " + text + " ")
			}
		}
		fmt.Fprintf(&b, " %s\n", row)
	}
	b.WriteString(header + "\n")
	return b.String()
}

// gridLabels are the board's file letters, a to g, and rank numbers, 1 at
// the bottom, for RenderBoard and Diagram.
func gridLabels() (cols, rows []string) {
	return engine.GridLabels(size, size, 'a', engine.RowsFromBottom)
}

// Render draws the whole position for v: the board, a legend, both sides
// with their cubes on the board, in reserve and captured, the last move
// with what it captured and promoted, a pending offer of a draw, and whose
// turn it is or how the game ended. Nothing is private in Ludicitude: a
// seat's view differs only by a line naming its colour.
func (s *State) Render(v engine.View) string {
	t := v.Lang
	var b strings.Builder
	if !v.Flow {
		b.WriteString(s.RenderBoard())
		b.WriteString(lang.T(boardLegend).In(t))
		b.WriteString("\n")
	}
	names := [2]string{seatName(v, White), seatName(v, Black)}
	s.renderTable(&b, v, names)
	if l := s.last; l != nil {
		text := lang.T("Last move: %s, %s.", names[l.seat], Game{}.NotationIn(l.move.String(), t)).In(t)
		for _, sentence := range l.sentences(&s.b) {
			text += " " + sentence.In(t)
		}
		if l.passed {
			text += " " + lang.T("%s had no legal action and was passed.", names[l.seat^1]).In(t)
		}
		b.WriteString(wrap(v, text))
	}
	if s.offer >= 0 && !s.over {
		b.WriteString(wrap(v, lang.T("%s offers a draw: %s may answer draw to accept it, or decline.", names[s.offer], names[s.offer^1]).In(t)))
	}
	if s.over {
		b.WriteString(wrap(v, lang.T("Game over. %s.", endingMsg(s.end)).In(t)))
	} else {
		text := lang.T("%s to play.", names[s.b.side]).In(t)
		if s.b.quiet >= quietWarning {
			text += " " + lang.T("%d turns in a row without a capture: the game is drawn at %d.", int(s.b.quiet), quietLimit).In(t)
		}
		b.WriteString(wrap(v, text))
	}
	if v.Seat == White || v.Seat == Black {
		b.WriteString(lang.T("You play %s.", colour[v.Seat]).In(t) + "\n")
	}
	return b.String()
}

// boardLegend explains the ASCII board under it, two lines within
// renderWidth.
const boardLegend = "W White, B Black, the digit the level; ## the wall; [..] the last move,\n" +
	"(..) the square it left, xx a cube it captured.\n"

// seatName is a seat as the table and the sentences name it: the player's
// name, cut to fit, and the colour, in v's language: "Ann (White)".
func seatName(v engine.View, seat int) string {
	const maxName = 24
	name := v.Name(seat)
	if r := []rune(name); len(r) > maxName {
		name = string(r[:maxName-3]) + "..."
	}
	return name + " (" + colour[seat].In(v.Lang) + ")"
}

// renderTable writes the table of both sides: their cubes on the board,
// in reserve and captured, and who is to play; a head row over the
// counts. Its cells are padded into columns, the names to the longest and
// each count under its heading, or separated by tabs when v flows.
func (s *State) renderTable(b *strings.Builder, v engine.View, names [2]string) {
	t := v.Lang
	cols := []string{lang.T("board").In(t), lang.T("reserve").In(t), lang.T("captured").In(t)}
	rows := [][]string{append([]string{""}, cols...)}
	for seat := range 2 {
		row := []string{names[seat], strconv.Itoa(bits.OnesCount64(s.b.occ[seat])), strconv.Itoa(int(s.b.reserve[seat])), strconv.Itoa(s.scores[seat])}
		if !s.over && seat == int(s.b.side) {
			row = append(row, lang.T("to play").In(t))
		}
		rows = append(rows, row)
	}
	width := max(len([]rune(names[0])), len([]rune(names[1])))
	for _, row := range rows {
		if v.Flow {
			b.WriteString(strings.Join(row, "\t") + "\n")
			continue
		}
		b.WriteString(row[0] + strings.Repeat(" ", width-len([]rune(row[0]))))
		for i, cell := range row[1:] {
			if i < len(cols) {
				cell = fmt.Sprintf("%*s", max(len([]rune(cols[i])), 1), cell)
			}
			b.WriteString("  " + cell)
		}
		b.WriteString("\n")
	}
}

// wrap breaks text into lines of at most renderWidth columns, at spaces
// (one line when v flows).
func wrap(v engine.View, text string) string { return v.Wrap(text, renderWidth, "") }

var _ engine.Inspector = (*State)(nil)

// BoardRows is the board a rank a string, rank 7 first, two characters a
// square: ".." empty, "##" the wall, a cube as "W2" or "B1".
func (s *State) BoardRows() []string {
	rows := make([]string, 0, size)
	for r := size - 1; r >= 0; r-- {
		row := make([]byte, 0, 2*size)
		for f := range size {
			q := r*size + f
			switch c := s.b.cell[q]; {
			case q == wallSq:
				row = append(row, "##"...)
			case c == 0:
				row = append(row, ".."...)
			default:
				row = append(row, "WB"[c>>2], '0'+c&3)
			}
		}
		rows = append(rows, string(row))
	}
	return rows
}

// Hand is "": nothing is private in Ludicitude; the reserves are public and
// shown on the board.
func (s *State) Hand(int) string { return "" }
