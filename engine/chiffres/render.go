package chiffres

import (
	"fmt"
	"strings"

	"pbem/engine"
)

// Legend explains RenderBoard's squares, for the mails.
const Legend = "Legend: [7] a token, <7> the last token placed, 7 an empty square bearing 7,\n" +
	"        7K a bonus square (+10), 7- a malus square (-10). A 0 counts 10.\n"

// RenderBoard draws the board in plain ASCII, 42 columns wide, every square
// in 3 characters so that the four kinds of square differ without colour:
// " 7 " an empty square bearing 7, " 7K" an empty bonus (K) square, " 7-"
// an empty malus (±) square, "[7]" a token, "<7>" the token placed last.
// Rows and columns are labelled on both sides:
//
//	    A   B   C   D   E   F   G   H   I
//	4   7   3   2   1  [0]  9   5   6   8   4
//	5   9   4   8- [6] [4] <3>  2-  0   1   5
func (s *State) RenderBoard() string {
	var b strings.Builder
	header := "     A"
	for c := 1; c < size; c++ {
		header += "   " + string(rune('A'+c))
	}
	header += "\n"
	b.WriteString(header)
	for r := range size {
		fmt.Fprintf(&b, "%2d  ", r+1)
		for c := range size {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s.cell(at(r, c)))
		}
		fmt.Fprintf(&b, "  %d\n", r+1)
	}
	b.WriteString(header)
	return b.String()
}

// cell is the 3 characters of one square.
func (s *State) cell(q Square) string {
	if t := s.board[q]; t != empty {
		if s.last != nil && s.last.At == q {
			return fmt.Sprintf("<%d>", t)
		}
		return fmt.Sprintf("[%d]", t)
	}
	d, printed := s.layout.Printed(q)
	if !printed {
		return " * "
	}
	switch s.layout.Mark(q) {
	case Bonus:
		return fmt.Sprintf(" %dK", d)
	case Malus:
		return fmt.Sprintf(" %d-", d)
	}
	return fmt.Sprintf(" %d ", d)
}

// RenderHand draws one seat's tokens: "Your tokens: 0 3 5 5 9".
func (s *State) RenderHand(seat int) string {
	if s.hands[seat].size() == 0 {
		return "Your tokens: none"
	}
	return "Your tokens: " + s.hands[seat].String()
}

// Render draws the whole position for v: the board and its legend, the last
// placement and how it scored, the seats passed since, the scores and the
// tokens each holds, a pending offer of a draw, whose turn it is, the bank,
// and v's own tokens only (everyone's, with the penalty, once the game is
// over).
func (s *State) Render(v engine.View) string {
	var b strings.Builder
	b.WriteString(s.RenderBoard())
	b.WriteString(Legend)
	b.WriteString("\n")
	if l := s.last; l != nil {
		b.WriteString(wrap(fmt.Sprintf("Last placement: %s placed %d on %s for %s (%s).",
			v.Name(l.Seat), l.Digit, l.At, plural(l.Score, "point", "points"), l.Detail)))
	}
	if len(s.passed) > 0 {
		names := make([]string, len(s.passed))
		for i, seat := range s.passed {
			names[i] = v.Name(seat)
		}
		b.WriteString(wrap("Passed automatically, no token fitting: " + strings.Join(names, ", ") + "."))
	}
	b.WriteString(s.renderScores(v))
	if s.agreed.Pending() {
		b.WriteString(wrap("Draw offered by: " + nameList(v, s.agreed) + ". Still to answer: " + nameList(v, s.agreed.Waiting(s.resigned)) + "."))
	}
	if s.over {
		b.WriteString(wrap("The game is over: " + s.endText(v) + "."))
		b.WriteString(wrap(s.winnersText(v)))
	} else {
		fmt.Fprintf(&b, "%s to play. Bank: %s.\n", engine.Capital(v.Name(s.toMove)), plural(len(s.bank), "token", "tokens"))
	}
	if v.Seat >= 0 && v.Seat < len(s.hands) && !s.over {
		b.WriteString(s.RenderHand(v.Seat) + "\n")
	}
	return b.String()
}

// renderScores is the score table, a seat a line, names cut to fit 78
// columns: the total, the number of tokens held (their digits and the
// penalty once the game is over, none on a draw by agreement).
func (s *State) renderScores(v engine.View) string {
	const maxName = 30
	width := 0
	names := make([]string, len(s.scores))
	for seat := range s.scores {
		names[seat] = v.Name(seat)
		if r := []rune(names[seat]); len(r) > maxName {
			names[seat] = string(r[:maxName-1]) + "~"
		}
		width = max(width, len([]rune(names[seat])))
	}
	var b strings.Builder
	b.WriteString("Scores:\n")
	for seat, score := range s.scores {
		pad := strings.Repeat(" ", width-len([]rune(names[seat])))
		fmt.Fprintf(&b, "  %s%s %5d", names[seat], pad, score)
		switch {
		case s.resigned[seat]:
			b.WriteString("  (resigned)")
		case s.over && s.penalties[seat] > 0:
			fmt.Fprintf(&b, "  penalty -%d for %s held", s.penalties[seat], s.hands[seat].String())
		case s.over && s.hands[seat].size() > 0: // drawn by agreement
			fmt.Fprintf(&b, "  no penalty for %s held", s.hands[seat].String())
		case s.over:
			b.WriteString("  no token held")
		default:
			fmt.Fprintf(&b, "  %s", plural(s.hands[seat].size(), "token", "tokens"))
			if seat == s.toMove {
				b.WriteString("  (to play)")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// nameList lists seats' names for a sentence: "Alice, Bob".
func nameList(v engine.View, seats []int) string {
	names := make([]string, len(seats))
	for i, seat := range seats {
		names[i] = v.Name(seat)
	}
	return strings.Join(names, ", ")
}

// winnersText names the winners: "Alice wins." or "Alice and Bob share the win."
func (s *State) winnersText(v engine.View) string {
	w := s.Winners()
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = v.Name(seat)
	}
	switch len(names) {
	case 0:
		return "Nobody wins."
	case 1:
		return engine.Capital(names[0]) + " wins."
	}
	return engine.Capital(strings.Join(names[:len(names)-1], ", ")) + " and " + names[len(names)-1] + " share the win."
}

// wrap breaks a sentence into lines of at most 78 columns, the later ones
// indented, and ends it with a newline.
func wrap(text string) string {
	const width = 78
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(text) {
		n := len([]rune(w))
		switch {
		case i == 0:
		case line+1+n > width:
			b.WriteString("\n  ")
			line = 2
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += n
	}
	b.WriteString("\n")
	return b.String()
}
