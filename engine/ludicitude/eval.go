package ludicitude

import "math/bits"

// libertyRisk is the share (in percent) of a group's worth put at risk by
// having only this many empty squares beside it: one left, and the next
// cube to arrive may enclose it.
var libertyRisk = [...]int{0, 30, 12, 4}

// nearWin rewards a side by the promotions it still needs to win by full
// promotion (two for each cube at level 1 or in reserve, one for each at
// level 2): the last few are worth more than their levels.
var nearWin = [...]int{0, 160, 70, 30, 10, 0}

// reach is the set of empty squares side could slide a cube to, and the
// number of its slides (its mobility), computed as slides are generated.
func (b *board) reach(side int) (uint64, int) {
	mine := b.occ[side]
	empty := b.empty()
	two := mine &^ b.lvl[1]
	three := mine & b.lvl[3]
	var reach uint64
	n := 0
	for d := range 4 {
		s1 := shift(mine, d) & empty
		s2 := shift(shift(two, d)&empty, d) & empty
		s3 := shift(shift(shift(three, d)&empty, d)&empty, d) & empty
		reach |= s1 | s2 | s3
		n += bits.OnesCount64(s1) + bits.OnesCount64(s2) + bits.OnesCount64(s3)
	}
	return reach, n
}

// custodianLines are the cubes of victim that lie on a line running in
// direction d, through victim's cubes only, to a cube of attacker: the
// lines a cube of attacker arriving at their other end would capture.
func custodianLines(victim, attacker uint64, d int) uint64 {
	back := d ^ 2
	closed := victim & shift(attacker, back)
	for closed != 0 {
		n := closed | victim&shift(closed, back)
		if n == closed {
			break
		}
		closed = n
	}
	return closed
}

// captureSquares are the empty squares where a cube of the side to move
// arriving would capture: exactly for custodian captures, and for
// enclosures the last liberty of an enemy group (the square the arriving
// cube leaves may open another, which the caller's check sees).
func (b *board) captureSquares() uint64 {
	me, en := b.occ[b.side], b.occ[b.side^1]
	empty := b.empty()
	var sq uint64
	for d := range 4 {
		sq |= shift(custodianLines(en, me, d), d^2)
	}
	for x := en; x != 0; {
		g := flood(x&-x, en)
		x &^= g
		if libs := expand(g) & empty; libs&(libs-1) == 0 {
			sq |= libs
		}
	}
	return sq & empty
}

// threatened are victim's cubes that the other side could capture with
// one slide, given reach, the squares its slides arrive at: exactly for
// custodian captures, and for enclosures the groups whose only liberty it
// reaches.
func (b *board) threatened(victim int, reach uint64) uint64 {
	mine, theirs := b.occ[victim], b.occ[victim^1]
	var t uint64
	for d := range 4 {
		closed := custodianLines(mine, theirs, d)
		if closed == 0 {
			continue
		}
		open := mine & shift(reach, d)
		for open != 0 {
			n := open | mine&shift(open, d)
			if n == open {
				break
			}
			open = n
		}
		t |= closed & open
	}
	empty := b.empty()
	for x := mine; x != 0; {
		g := flood(x&-x, mine)
		x &^= g
		if libs := expand(g) & empty; libs != 0 && libs&(libs-1) == 0 && libs&reach != 0 {
			t |= g
		}
	}
	return t
}

// crampedGroups is the risk side's groups run of being enclosed: a share
// of each group's worth by how few liberties it has left.
func (b *board) crampedGroups(w *weights, side int) int {
	mine := b.occ[side]
	empty := b.empty()
	risk := 0
	for x := mine; x != 0; {
		g := flood(x&-x, mine)
		x &^= g
		if libs := bits.OnesCount64(expand(g) & empty); libs < len(libertyRisk) {
			risk += b.cubeWorth(w, g) * libertyRisk[libs] / 100
		}
	}
	return risk
}

// cubeWorth is what losing the cubes of set costs their owner, roughly.
func (b *board) cubeWorth(w *weights, set uint64) int {
	return bits.OnesCount64(set)*w.cube + bits.OnesCount64(set&b.lvl[2])*w.level2 + bits.OnesCount64(set&b.lvl[3])*w.level3
}

// eval scores the position for the side to move with the weights w:
// material on the board and in reserve, levels, closeness to a full
// promotion, mobility, space, and the cubes the opponent
// threatens to capture next (the side to move's own captures are for the
// quiescence search to find).
func (b *board) eval(w *weights) int {
	var side [2]int
	var reach [2]uint64
	var mobility [2]int
	reach[0], mobility[0] = b.reach(0)
	reach[1], mobility[1] = b.reach(1)
	for c := range 2 {
		occ := b.occ[c]
		n := bits.OnesCount64(occ)
		n2 := bits.OnesCount64(occ & b.lvl[2])
		n3 := bits.OnesCount64(occ & b.lvl[3])
		r := int(b.reserve[c])
		v := n*w.cube + n2*w.level2 + n3*w.level3 + r*w.reserve + mobility[c]*w.mobility +
			bits.OnesCount64(reach[c]&expand(b.occ[c^1]))*w.pressure +
			bits.OnesCount64(reach[c]&^reach[c^1])*w.space
		need := 2*(n-n2-n3) + n2 + 2*r
		v += nearWin[min(need, len(nearWin)-1)]
		if n == 1 {
			v -= w.lastCube
		}
		v -= b.crampedGroups(w, c)
		side[c] = v
	}
	me := int(b.side)
	score := side[me] - side[me^1]
	if t := b.threatened(me, reach[me^1]); t != 0 {
		score -= b.cubeWorth(w, t) / 3
	}
	// As the quiet turns run out, an advantage turns into a draw.
	if q := int(b.quiet); q > w.quietFrom {
		score = score * (quietLimit - q) / (quietLimit - w.quietFrom)
	}
	return score
}
