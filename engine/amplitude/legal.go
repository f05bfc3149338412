package amplitude

import (
	"slices"

	"pbem/engine"
	"pbem/lang"
)

// judged is a legal pose, with what applying it takes.
type judged struct {
	squares []square // the new tokens' squares
	digits  []byte   // the new tokens, in line order
	formula string   // the formula recorded: the player's, or the best one
	score   int      // points, doubled when due
	doubled bool
}

// judgePose checks a pose by seat against every rule, in the order that gives
// the most useful refusal first, and scores it.
func (s *State) judgePose(seat int, m Move) (judged, error) {
	n := len(m.Line)
	if n < 3 || n > maxLine {
		return judged{}, engine.Refuse("a pose holds 3 to %d tokens, not %d", maxLine, n)
	}
	room := size - m.At.col()
	if m.Down {
		room = size - m.At.row()
	}
	if n > room && m.Down {
		return judged{}, engine.Refuse("the line %s runs off the board: from %s down there is room for %d tokens", digitText(m.Line), m.At, room)
	}
	if n > room {
		return judged{}, engine.Refuse("the line %s runs off the board: from %s right there is room for %d tokens", digitText(m.Line), m.At, room)
	}
	var j judged
	crossed := 0
	var extends error // told after "no new token", which would always hide it
	for i, d := range m.Line {
		q := m.At.step(m.Down, i)
		switch held := s.board[q]; {
		case held == 0:
			j.squares = append(j.squares, q)
			j.digits = append(j.digits, d)
		case held != d:
			return judged{}, engine.Refuse("%s holds %s, not %s: the digits after the direction are the line from its first square (to read a formula backwards, write the line first, as H8 right 123 3-2=1)", q, aToken(held), aToken(d))
		case i > 0 && s.board[m.At.step(m.Down, i-1)] != 0:
			if extends == nil {
				extends = engine.Refuse("%s and %s are already side by side: a pose may not extend a pose that runs in its own direction", m.At.step(m.Down, i-1), q)
			}
		default:
			crossed++
		}
	}
	if len(j.squares) == 0 {
		return judged{}, engine.Refuse("every square of that line is taken already: a pose places at least one token")
	}
	if extends != nil {
		return judged{}, extends
	}
	if err := s.checkEnds(m); err != nil {
		return judged{}, err
	}
	if s.board.empty() {
		last := m.At.step(m.Down, n-1)
		if m.At != centre && last != centre {
			return judged{}, engine.Refuse("the first pose must start or end on %s; this one runs from %s to %s", centre, m.At, last)
		}
	} else if crossed == 0 {
		return judged{}, engine.Refuse("a pose must cross an existing pose and take in at least one of its tokens; %s to %s crosses none", m.At, m.At.step(m.Down, n-1))
	}
	for _, q := range j.squares {
		if other, ok := s.board.sideNeighbour(q, m.Down); ok {
			return judged{}, engine.Refuse("%s is next to %s, which belongs to another pose: tokens may touch only within one pose", q, other)
		}
	}
	if err := rackHolds(s.racks[seat], j.digits); err != nil {
		return judged{}, err
	}
	score, formula, err := s.scoreLine(m)
	if err != nil {
		return judged{}, err
	}
	j.score, j.formula = int(score), formula
	if seat == s.starter && !s.starterPosed {
		j.score *= 2
		j.doubled = true
	}
	return j, nil
}

// checkEnds refuses a line that stops short of a token just before its first
// square or just after its last: a pose is the whole run of tokens.
func (s *State) checkEnds(m Move) error {
	r, c := m.At.row(), m.At.col()
	dr, dc := 0, 1
	if m.Down {
		dr, dc = 1, 0
	}
	if s.board.occupied(r-dr, c-dc) {
		return engine.Refuse("the line must take in the token on %s, just before its first square %s", at(r-dr, c-dc), m.At)
	}
	n := len(m.Line)
	if s.board.occupied(r+dr*n, c+dc*n) {
		return engine.Refuse("the line must take in the token on %s, just after its last square %s", at(r+dr*n, c+dc*n), m.At.step(m.Down, n-1))
	}
	return nil
}

// rackHolds refuses tokens the rack does not hold.
func rackHolds(rack, tokens []byte) error {
	var have, need [10]int
	for _, d := range rack {
		have[d]++
	}
	for _, d := range tokens {
		need[d]++
	}
	for d := 1; d <= 9; d++ {
		switch {
		case need[d] <= have[d]:
		case have[d] == 0:
			return engine.Refuse("your rack holds no %d (it holds %s)", d, spaced(rack))
		default:
			return engine.Refuse("that needs %d tokens %d and your rack holds %d (it holds %s)", need[d], d, have[d], spaced(rack))
		}
	}
	return nil
}

// scoreLine scores a pose's line: by the player's formula as written, or by
// the best formula, which it returns for the record.
func (s *State) scoreLine(m Move) (int64, string, error) {
	if s.opts.forbidden {
		if why := forbiddenLine(m.Line); !why.IsZero() {
			return 0, "", engine.Refuse("%s: %s", digitText(m.Line), why)
		}
	}
	if m.Formula == "" {
		sol, ok := bestSolution(m.Line, s.opts.forbidden)
		if !ok {
			if s.opts.forbidden {
				return 0, "", engine.Refuse("no formula that the forbidden-patterns rule allows makes %s a true equation", digitText(m.Line))
			}
			return 0, "", engine.Refuse("no formula makes %s a true equation", digitText(m.Line))
		}
		return sol.score, sol.text(), nil
	}
	f, err := ParseFormula(m.Formula)
	if err != nil {
		return 0, "", err
	}
	if fd := f.Digits(); !slices.Equal(fd, m.Line) && !slices.Equal(fd, reversed(m.Line)) {
		return 0, "", engine.Refuse("the formula %s does not read the line %s, forwards or backwards", f.Text, digitText(m.Line))
	}
	if s.opts.forbidden {
		if why := f.Operands.forbidden(); !why.IsZero() {
			return 0, "", engine.Refuse("%s: %s", f.Text, why)
		}
	}
	return f.Score, f.Text, nil
}

// aToken names a token with its article, "a 7" or "an 8", "un 7" in
// French.
func aToken(d byte) lang.Msg { return engine.A(int(d)) }
