package chiffres

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/lang"
)

// legendSquares is the end of every legend: the empty squares.
const legendSquares = "7 an empty square bearing 7,\n" +
	"        7K a bonus square (+10), 7- a malus square (-10). A 0 counts 10.\n"

// Legend explains RenderBoard's squares, for the mails (in English; Render
// says it in its reader's language).
const Legend = "Legend: [7] a token, <7> the last token placed, " + legendSquares

// placedLegend is Legend for a board whose angle brackets mark the tokens
// placed since the recipient's last board, all of them, rather than the
// last one only.
const placedLegend = "Legend: [7] a token, <7> a token just placed, " + legendSquares

// unmarkedLegend is Legend for a board that marks nothing, nothing having
// been placed since the recipient's last board.
const unmarkedLegend = "Legend: [7] a token, " + legendSquares

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
	return s.renderBoard(s.lastMarks())
}

// marks are the squares whose tokens a board draws in angle brackets.
type marks [cells]bool

// lastMarks marks the square of the last token placed: what a board shows
// when no earlier state is known.
func (s *State) lastMarks() *marks {
	var m marks
	if s.last != nil {
		m[s.last.At] = true
	}
	return &m
}

// placedSince marks the squares that hold a token in s and were empty in
// before, so that a mail covering several placements (a player's and the
// computers' after it) shows every token placed since the recipient's last
// board; n counts them. ok is false when before is no earlier position of
// this game, which is then ignored: nil, not a Chiffres state, another
// number of seats, another board, or a token s does not hold in its square
// (tokens never leave the board).
func (s *State) placedSince(before engine.State) (m *marks, n int, ok bool) {
	old, isState := before.(*State)
	if !isState || old == nil || len(old.hands) != len(s.hands) || old.layout == nil || *old.layout != *s.layout {
		return nil, 0, false
	}
	for q, t := range old.board {
		if t != empty && s.board[q] != t {
			return nil, 0, false
		}
	}
	m = new(marks)
	for q, t := range s.board {
		if t != empty && old.board[q] == empty {
			m[q] = true
			n++
		}
	}
	return m, n, true
}

// renderBoard is RenderBoard with the tokens of the squares in m in angle
// brackets.
func (s *State) renderBoard(m *marks) string {
	var b strings.Builder
	cols, rows := gridLabels()
	header := "  "
	for _, col := range cols {
		header += "   " + col
	}
	header += "\n"
	b.WriteString(header)
	for r, row := range rows {
		fmt.Fprintf(&b, "%2s  ", row)
		for c := range size {
			if c > 0 {
				b.WriteByte(' ')
			}
			q := at(r, c)
			b.WriteString(s.square(q, m[q]))
		}
		fmt.Fprintf(&b, "  %s\n", row)
	}
	b.WriteString(header)
	return b.String()
}

// gridLabels are the board's column letters, A to I, and row numbers, 1
// at the top, for RenderBoard and Diagram.
func gridLabels() (cols, rows []string) {
	return engine.GridLabels(size, size, 'A', engine.RowsFromTop)
}

// cell is the 3 characters of one square as RenderBoard draws it.
func (s *State) cell(q Square) string {
	return s.square(q, s.last != nil && s.last.At == q)
}

// square is the 3 characters of q, its token in angle brackets when marked.
func (s *State) square(q Square, marked bool) string {
	if t := s.board[q]; t != empty {
		if marked {
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
func (s *State) RenderHand(seat int) string { return s.handLine(seat).String() }

// handLine is RenderHand as a message.
func (s *State) handLine(seat int) lang.Msg {
	if s.hands[seat].size() == 0 {
		return lang.T("Your tokens: none")
	}
	return lang.T("Your tokens: %s", s.hands[seat].String())
}

// Render draws the whole position for v, in v's language: the board and
// its legend, the last placement and how it scored, the seats passed
// since, the scores and the tokens each holds, a pending offer of a draw,
// whose turn it is, the bank, and v's own tokens only (everyone's, with
// the penalty, once the game is over). When v.Before is an earlier
// position of this game, the board marks every token placed since it
// instead of the last one, and the legend says so, so that the recipient
// sees all that a mail covering several placements brought.
func (s *State) Render(v engine.View) string {
	t := v.Lang
	var b strings.Builder
	switch m, n, ok := s.placedSince(v.Before); {
	case v.Flow: // the reader shows the board its own way
	case !ok:
		b.WriteString(s.RenderBoard())
		b.WriteString(lang.T(Legend).In(t) + "\n")
	case n > 0:
		b.WriteString(s.renderBoard(m))
		b.WriteString(lang.T(placedLegend).In(t) + "\n")
	default:
		b.WriteString(s.renderBoard(m))
		b.WriteString(lang.T(unmarkedLegend).In(t) + "\n")
	}
	if l := s.last; l != nil {
		b.WriteString(wrap(v, lang.Plural(l.Score, "Last placement: %s placed %d on %s for %d point (%s).",
			"Last placement: %s placed %d on %s for %d points (%s).",
			v.Name(l.Seat), l.Digit, l.At.String(), l.Score, detailMsg(l.Detail)).In(t)))
	}
	if len(s.passed) > 0 {
		b.WriteString(wrap(v, lang.T("Passed automatically, no token fitting: %s.", nameList(v, s.passed)).In(t)))
	}
	b.WriteString(s.renderScores(v))
	if s.agreed.Pending() {
		b.WriteString(wrap(v, s.agreed.Line(s.resigned, v.Name).In(t)))
	}
	if s.over {
		b.WriteString(wrap(v, engine.OverLine(s.endMsg(v)).In(t)))
		b.WriteString(wrap(v, engine.WinnersSentence(s, v)))
	} else {
		n := len(s.bank)
		b.WriteString(lang.Plural(n, "%s to play. Bank: %d token.", "%s to play. Bank: %d tokens.", engine.Capital(v.Name(s.toMove)), n).In(t) + "\n")
	}
	if v.Seat >= 0 && v.Seat < len(s.hands) && !s.over {
		b.WriteString(s.handLine(v.Seat).In(t) + "\n")
	}
	return b.String()
}

// renderScores is the score table, a seat a line, names cut to fit 78
// columns: the total, the number of tokens held (their digits and the
// penalty once the game is over, none on a draw by agreement).
func (s *State) renderScores(v engine.View) string {
	const maxName = 30
	names := make([]string, len(s.scores))
	for seat := range s.scores {
		names[seat] = v.Name(seat)
		if r := []rune(names[seat]); len(r) > maxName {
			names[seat] = string(r[:maxName-1]) + "~"
		}
	}
	t := v.Lang
	return engine.ScoreTable(v, names, s.scores, 5, func(seat int) string {
		switch {
		case s.resigned[seat]:
			return "  " + engine.ResignedNote.In(t)
		case s.over && s.penalties[seat] > 0:
			return "  " + lang.T("penalty -%d for %s held", s.penalties[seat], s.hands[seat].String()).In(t)
		case s.over && s.hands[seat].size() > 0: // drawn by agreement
			return "  " + lang.T("no penalty for %s held", s.hands[seat].String()).In(t)
		case s.over:
			return "  " + lang.T("no token held").In(t)
		}
		n := s.hands[seat].size()
		note := "  " + lang.Plural(n, "%d token", "%d tokens", n).In(t)
		if seat == s.toMove {
			note += "  " + engine.ToPlayNote.In(t)
		}
		return note
	})
}

// nameList lists seats' names for a sentence: "Alice, Bob".
func nameList(v engine.View, seats []int) string { return engine.NameList(seats, v.Name) }

// wrap breaks a sentence into lines of at most 78 columns, the later ones
// indented, and ends it with a newline (one line when v flows).
func wrap(v engine.View, text string) string { return v.Wrap(text, 78, "  ") }
