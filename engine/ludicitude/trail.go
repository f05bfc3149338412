package ludicitude

import (
	"fmt"
	"math/bits"
	"strings"
)

// The trail is how a stored state keeps the repetition history without
// storing every position again with every move: the turns since the last
// capture, in order, one character each. None of them captured, so each is
// undone by moving one cube back, by taking a dropped cube back to its
// reserve, or by giving the turn back after a pass; a turn is written as
// its place among the ways to take a turn back from the position after it
// (takebacks, in their fixed order), a digit of trailDigits, or '_' and two
// digits from the 63rd on. Decode rebuilds the positions by taking the
// turns back one by one from the current position.
//
// Only the positions since the last capture are kept because no earlier
// one is counted again: the repetition rule counts a position's occurrences
// since the last capture, as the computer player's search always has. A
// capture changes the material (cubes on the board, reserves), so the
// game can only come back to an earlier position after another capture
// brought the material back; the quiet-turn rule keeps the trail under 200
// turns, so a stored state stays under a kilobyte however long the game.

// trailDigits write a turn's place among the takebacks; the last one opens
// a place of two digits.
const trailDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

const trailEscape = len(trailDigits) - 1

// maxTakebacks bounds the takebacks of a position: a pass, and for each of
// 12 cubes a drop and 4 directions of 3 squares.
const maxTakebacks = 1 + maxCubes*(1+4*maxLevel)

// step is one turn without a capture: a slide, a drop (from is NoSquare)
// or a pass (both are NoSquare).
type step struct{ from, to Square }

var passTurn = step{NoSquare, NoSquare}

// trailTurn writes the turn at place i among the takebacks.
func trailTurn(i int) string {
	if i < trailEscape {
		return trailDigits[i : i+1]
	}
	i -= trailEscape
	return string([]byte{trailDigits[trailEscape], trailDigits[i/64], trailDigits[i%64]})
}

// parseTrail reads a trail into the turns' places among the takebacks.
func parseTrail(text string) ([]int, error) {
	var turns []int
	for i := 0; i < len(text); i++ {
		d := strings.IndexByte(trailDigits, text[i])
		if d == trailEscape {
			if i+2 >= len(text) {
				return nil, fmt.Errorf("trail %q ends in the middle of a turn", text)
			}
			hi, lo := strings.IndexByte(trailDigits, text[i+1]), strings.IndexByte(trailDigits, text[i+2])
			if hi < 0 || lo < 0 {
				return nil, fmt.Errorf("trail %q: turn %q at %d", text, text[i:i+3], i)
			}
			d, i = trailEscape+hi*64+lo, i+2
		} else if d < 0 {
			return nil, fmt.Errorf("trail %q: character %q at %d", text, text[i], i)
		}
		turns = append(turns, d)
	}
	return turns, nil
}

// takebackPlace is st's place among b's takebacks, b the position right
// after st.
func (b *board) takebackPlace(st step) int {
	var buf [maxTakebacks]step
	for i, t := range b.takebacks(buf[:0]) {
		if t == st {
			return i
		}
	}
	panic(fmt.Sprintf("ludicitude: turn %v cannot be taken back from %s", st, b.notation()))
}

// unmake takes back turn st, played without a capture by the side not to
// move on b, and reports whether it could have been played: b is then the
// position before it. A failed unmake leaves b undefined.
func (b *board) unmake(st step) bool {
	after := *b
	b.flip()
	b.quiet--
	mover := int(b.side)
	switch {
	case st.to == NoSquare:
		return !b.canAct()
	case !st.to.onBoard() || b.occ[mover]&bit(int(st.to)) == 0:
		return false
	case st.from == NoSquare:
		if b.cell[st.to]&3 != 1 {
			return false
		}
		b.take(int(st.to))
		b.setReserve(mover, b.reserve[mover]+1)
		before := *b
		before.drop(int(st.to))
		before.endTurn(false)
		return before == after
	}
	if !st.from.onBoard() || !b.slidable(st.from, st.to) {
		return false
	}
	c := b.take(int(st.to))
	b.put(int(st.from), mover, int(c&3))
	before := *b
	before.slide(int(st.from), int(st.to))
	before.endTurn(false)
	return before == after
}

// slidable reports whether the cube on to could have slid there from from:
// one rank or file, as far as its level, over empty squares.
func (b *board) slidable(from, to Square) bool {
	level := int(b.cell[to] & 3)
	for d := range 4 {
		q := int(to)
		for n := 1; n <= level; n++ {
			if q = int(neighbour[q][d]); q < 0 || b.cell[q] != 0 {
				break
			}
			if q == int(from) {
				return true
			}
		}
	}
	return false
}

// rebuild is the positions' hashes along a trail that ends at b, the first
// turn's position first and b's last.
func (b board) rebuild(turns []int) ([]uint64, error) {
	seen := make([]uint64, len(turns)+1)
	seen[len(turns)] = b.hash
	var buf [maxTakebacks]step
	for i := len(turns) - 1; i >= 0; i-- {
		back := b.takebacks(buf[:0])
		if turns[i] >= len(back) || !b.unmake(back[turns[i]]) {
			return nil, fmt.Errorf("turn %d of the trail cannot be taken back", i+1)
		}
		seen[i] = b.hash
	}
	return seen, nil
}

// trailOf finds the trail between the positions of seen, which ends at b:
// for the histories of hashes that states stored before the trail, each
// turn the one taking b back to the hash before it.
func (b board) trailOf(seen []uint64) (string, error) {
	turns := make([]string, len(seen)-1)
	var buf [maxTakebacks]step
	for i := len(seen) - 1; i > 0; i-- {
		found := false
		for j, st := range b.takebacks(buf[:0]) {
			prev := b
			if prev.unmake(st) && prev.hash == seen[i-1] {
				turns[i-1], b, found = trailTurn(j), prev, true
				break
			}
		}
		if !found {
			return "", fmt.Errorf("no turn leads from history entry %d to the next", i-1)
		}
	}
	return strings.Join(turns, ""), nil
}

// takebacks are the turns without a capture that may have led to b: a
// pass, then for each cube of the side that moved, in square order, its
// drop if it is at level 1 and its slides, by direction and distance. The
// order is part of the stored trail: it never changes. They are appended
// to out.
func (b *board) takebacks(out []step) []step {
	out = append(out, passTurn)
	mover := int(b.side ^ 1)
	for x := b.occ[mover]; x != 0; x &= x - 1 {
		q := bits.TrailingZeros64(x)
		c := b.cell[q]
		if c&3 == 1 {
			out = append(out, step{NoSquare, Square(q)})
		}
		for d := range 4 {
			t := q
			for n := 1; n <= int(c&3); n++ {
				if t = int(neighbour[t][d]); t < 0 || b.cell[t] != 0 {
					break
				}
				out = append(out, step{Square(t), Square(q)})
			}
		}
	}
	return out
}
