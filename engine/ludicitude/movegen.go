package ludicitude

import (
	"math/bits"
	"slices"

	"pbem/engine"
)

// maxActions bounds the actions of one position: 12 cubes sliding 3 ways
// in 4 directions, and 8 drop squares; real positions have far fewer.
const maxActions = maxCubes*4*maxLevel + 8

// slides appends every slide of the side to move to buf. It works a
// direction and a distance at a time on bitboards: the squares a cube of
// level k or more reaches after k steps through empty squares.
func (b *board) slides(buf []action) []action {
	mine := b.occ[b.side]
	empty := b.empty()
	two := mine &^ b.lvl[1]
	three := mine & b.lvl[3]
	for d := range 4 {
		step := delta[d]
		for x := shift(mine, d) & empty; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			buf = append(buf, slideAction(to-step, to))
		}
		if two == 0 {
			continue
		}
		for x := shift(shift(two, d)&empty, d) & empty; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			buf = append(buf, slideAction(to-2*step, to))
		}
		if three == 0 {
			continue
		}
		for x := shift(shift(shift(three, d)&empty, d)&empty, d) & empty; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			buf = append(buf, slideAction(to-3*step, to))
		}
	}
	return buf
}

// dropTargets are the squares where the side to move may drop a cube,
// before the rule against immediate captures: the free corners, or when all
// four are taken, the free squares next to a corner.
func (b *board) dropTargets() uint64 {
	empty := b.empty()
	if c := cornerMask & empty; c != 0 {
		return c
	}
	return nearCornerMask & empty
}

// dropThreat finds a slide by which the other side could capture a cube the
// side to move dropped on q, which makes that drop illegal.
//
// Only slides ending next to the dropped cube's group can take it: a
// custodian line and an enclosed group are both connected to the cube that
// arrives. So only those are tried.
func (b *board) dropThreat(q int) (action, bool) {
	mine := b.occ[b.side] | bit(q)
	theirs := b.occ[b.side^1]
	empty := boardMask &^ wallBit &^ (mine | theirs)
	libs := expand(flood(bit(q), mine)) & empty
	for x := theirs; x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		level := int(b.cell[from] & 3)
		for d := range 4 {
			t := from
			for range level {
				if t = int(neighbour[t][d]); t < 0 || empty&bit(t) == 0 {
					break
				}
				if libs&bit(t) == 0 {
					continue
				}
				cust, encl := captures(theirs&^bit(from)|bit(t), mine, t)
				if (cust|encl)&bit(q) != 0 {
					return slideAction(from, t), true
				}
			}
		}
	}
	return 0, false
}

// drops appends every legal drop of the side to move to buf.
func (b *board) drops(buf []action) []action {
	if b.reserve[b.side] == 0 {
		return buf
	}
	for x := b.dropTargets(); x != 0; x &= x - 1 {
		q := bits.TrailingZeros64(x)
		if _, threat := b.dropThreat(q); !threat {
			buf = append(buf, dropAction(q))
		}
	}
	return buf
}

// actions appends every legal action of the side to move: slides, then
// drops.
func (b *board) actions(buf []action) []action {
	return b.drops(b.slides(buf))
}

// canAct reports whether the side to move has any legal action; a side
// that has none is passed.
func (b *board) canAct() bool {
	if expand(b.occ[b.side])&b.empty() != 0 {
		return true
	}
	if b.reserve[b.side] == 0 {
		return false
	}
	for x := b.dropTargets(); x != 0; x &= x - 1 {
		if _, threat := b.dropThreat(bits.TrailingZeros64(x)); !threat {
			return true
		}
	}
	return false
}

// Actions lists the legal slides and drops of the side to move, in a fixed
// order (slides by starting square then arrival square, then drops), each
// with the promotions the server would choose for it, so that its String is
// what the history records when it is played. It is what perft counts: one
// entry per slide or drop, however the promotions could be named. It is
// empty once the game is over.
func (s *State) Actions() []Move {
	if s.over {
		return nil
	}
	acts := s.b.actions(make([]action, 0, maxActions))
	slices.SortFunc(acts, func(x, y action) int {
		if x.isDrop() != y.isDrop() {
			if x.isDrop() {
				return 1
			}
			return -1
		}
		return int(x) - int(y)
	})
	out := make([]Move, len(acts))
	for i, a := range acts {
		out[i] = s.b.moveOf(a)
	}
	return out
}

// moveOf is the public form of an action of the side to move, promotions
// included.
func (b *board) moveOf(a action) Move {
	if a.isDrop() {
		return Move{Kind: Drop, From: NoSquare, To: Square(a.to())}
	}
	m := Move{Kind: Slide, From: Square(a.from()), To: Square(a.to())}
	after := *b
	if cust, _ := after.slide(a.from(), a.to()); cust != 0 {
		m.Promote = squaresOf(after.defaultPromotions(bits.OnesCount64(cust), 0))
	}
	return m
}

// LegalMoves lists every move seat may play now: for the seat to move its
// Actions first; then, for either seat, "draw" (an offer, or the acceptance
// of the other seat's offer) unless seat's own offer is pending, "decline"
// when the other seat has offered a draw, and "resign".
func (s *State) LegalMoves(seat int) []engine.Move {
	if s.over || seat < 0 || seat > 1 {
		return nil
	}
	var out []engine.Move
	if seat == s.ToMove() {
		for _, m := range s.Actions() {
			out = append(out, m)
		}
	}
	if s.offer != seat {
		out = append(out, Move{Kind: Draw})
	}
	if s.offer == 1-seat {
		out = append(out, Move{Kind: Decline})
	}
	return append(out, Move{Kind: Resign})
}

// squaresOf lists the squares of a set in square order.
func squaresOf(set uint64) []Square {
	if set == 0 {
		return nil
	}
	out := make([]Square, 0, bits.OnesCount64(set))
	for ; set != 0; set &= set - 1 {
		out = append(out, Square(bits.TrailingZeros64(set)))
	}
	return out
}
