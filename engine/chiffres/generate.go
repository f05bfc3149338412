package chiffres

import (
	"pbem/engine"
)

// ScoredMove is a generated placement and the points it would earn.
type ScoredMove struct {
	Move  Move
	Score int
}

// Generate appends every legal placement of seat's tokens, with its score,
// to buf[:0] and returns it: in square order (A1, B1 … I9), one per square,
// since a square takes only its own digit. Passing the previous result as
// buf makes it allocation-free, as the computer player and the benchmarks
// do.
//
// A placement is legal on an empty square, not the centre, whose printed
// digit the seat holds, with a token next to it (neighbours are worked out
// once for the board); checkPlace says the same, and a test keeps them
// agreeing.
func (s *State) Generate(seat int, buf []ScoredMove) []ScoredMove {
	buf = buf[:0]
	h := &s.hands[seat]
	for q := range Square(cells) {
		d := s.layout.printed[q]
		if s.board[q] != empty || d < 0 || h[d] == 0 || !s.touches(q) {
			continue
		}
		buf = append(buf, ScoredMove{Move{Kind: Place, Digit: int(d), At: q}, s.score(q, int(d))})
	}
	return buf
}

// Placements lists every legal placement of seat with its score.
func (s *State) Placements(seat int) []ScoredMove { return s.Generate(seat, nil) }

// firstPlacement is seat's first legal placement in square order, if any.
func (s *State) firstPlacement(seat int) (Move, bool) {
	h := &s.hands[seat]
	for q := range Square(cells) {
		d := s.layout.printed[q]
		if s.board[q] == empty && d >= 0 && h[d] > 0 && s.touches(q) {
			return Move{Kind: Place, Digit: int(d), At: q}, true
		}
	}
	return Move{}, false
}

// CanPlace reports whether seat holds a token that fits somewhere now: a
// seat that cannot is passed by the server.
func (s *State) CanPlace(seat int) bool {
	_, ok := s.firstPlacement(seat)
	return ok
}

// LegalMoves lists every move seat may play now: on its turn, each
// placement (pass only in a state the server never leaves, as a seat to
// move can always place); then, in turn or not, draw unless seat has agreed
// to the pending offer already, decline while an offer is pending, and
// resign.
func (s *State) LegalMoves(seat int) []engine.Move {
	if seat < 0 || seat >= len(s.hands) || s.over || s.resigned[seat] {
		return nil
	}
	var out []engine.Move
	if seat == s.toMove {
		for _, p := range s.Placements(seat) {
			out = append(out, p.Move)
		}
		if len(out) == 0 {
			out = append(out, Move{Kind: Pass})
		}
	}
	if !s.agreed.Agreed(seat) {
		out = append(out, Move{Kind: Draw})
	}
	if s.agreed.Pending() {
		out = append(out, Move{Kind: Decline})
	}
	return append(out, Move{Kind: Resign})
}
