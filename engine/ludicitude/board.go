package ludicitude

import "math/bits"

// Geometry. Squares are numbered rank by rank from White's side: a1 = 0,
// g1 = 6, a2 = 7 … g7 = 48, so that a set of squares fits in a uint64 (a
// bitboard) and one step north is +7.
const (
	size     = 7
	squares  = size * size
	wallSq   = 3*size + 3 // d4
	maxCubes = 12         // cubes in the game, both colours, board and reserves
	maxLevel = 3
)

// Bitboards of the geometry.
const (
	boardMask  uint64 = 1<<squares - 1
	wallBit    uint64 = 1 << wallSq
	fileA      uint64 = 1<<0 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42
	fileG      uint64 = fileA << (size - 1)
	cornerMask uint64 = 1<<0 | 1<<6 | 1<<42 | 1<<48
	// nearCornerMask: the squares orthogonally next to a corner, b1 a2 f1
	// g2 a6 b7 g6 f7.
	nearCornerMask uint64 = 1<<1 | 1<<7 | 1<<5 | 1<<13 | 1<<35 | 1<<43 | 1<<41 | 1<<47
)

// Directions, in the order slides are tried: north (towards rank 7), east,
// south, west. The opposite of d is d^2.
const (
	north = iota
	east
	south
	west
)

// delta is one step in each direction, in square numbers.
var delta = [4]int{size, 1, -size, -1}

// neighbour[q][d] is the square next to q in direction d, or -1 beyond the
// edge or on the wall: both block slides and close enclosures, and neither
// closes a custodian line.
var neighbour = func() (nb [squares][4]int8) {
	for q := range squares {
		f, r := q%size, q/size
		for d, step := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			nf, nr := f+step[0], r+step[1]
			n := nr*size + nf
			if nf < 0 || nf >= size || nr < 0 || nr >= size || n == wallSq {
				nb[q][d] = -1
				continue
			}
			nb[q][d] = int8(n)
		}
	}
	return nb
}()

// Shifts move every square of a set one step; what leaves the board is lost.
// The wall is never in a set of cubes or of empty squares, so masking with
// either keeps it out.
func shiftN(x uint64) uint64 { return (x << size) & boardMask }
func shiftS(x uint64) uint64 { return x >> size }
func shiftE(x uint64) uint64 { return (x << 1) &^ fileA & boardMask }
func shiftW(x uint64) uint64 { return (x >> 1) &^ fileG }

func shift(x uint64, d int) uint64 {
	switch d {
	case north:
		return shiftN(x)
	case east:
		return shiftE(x)
	case south:
		return shiftS(x)
	}
	return shiftW(x)
}

// expand is the set of squares orthogonally next to some square of x.
func expand(x uint64) uint64 { return shiftN(x) | shiftS(x) | shiftE(x) | shiftW(x) }

// flood is the orthogonally connected part of within that holds seed.
func flood(seed, within uint64) uint64 {
	g := seed & within
	for {
		n := (g | expand(g)) & within
		if n == g {
			return g
		}
		g = n
	}
}

func bit(q int) uint64 { return 1 << uint(q) }

// Cells: 0 is empty, else owner<<2 | level with owner 0 for White and 1 for
// Black, so level is cell&3 and owner cell>>2.
func cubeCell(owner, level int) uint8 { return uint8(owner<<2 | level) }

// board is the whole game position as the rules define it for repetition
// (cubes, reserves, side to move) plus the count of quiet turns, in a form
// cheap to copy: the search plays on copies of it.
type board struct {
	cell    [squares]uint8
	occ     [2]uint64 // cubes of each colour
	lvl     [maxLevel + 1]uint64
	reserve [2]uint8
	side    uint8 // 0 White, 1 Black
	quiet   uint8 // turns in a row without a capture
	hash    uint64
}

// put places a cube on an empty square.
func (b *board) put(q, owner, level int) {
	c := cubeCell(owner, level)
	b.cell[q] = c
	b.occ[owner] |= bit(q)
	b.lvl[level] |= bit(q)
	b.hash ^= keys.cube[c][q]
}

// take empties a square that holds a cube and returns the cube's cell.
func (b *board) take(q int) uint8 {
	c := b.cell[q]
	b.cell[q] = 0
	b.occ[c>>2] &^= bit(q)
	b.lvl[c&3] &^= bit(q)
	b.hash ^= keys.cube[c][q]
	return c
}

func (b *board) setReserve(owner int, n uint8) {
	b.hash ^= keys.reserve[owner][b.reserve[owner]] ^ keys.reserve[owner][n]
	b.reserve[owner] = n
}

// flip gives the turn to the other side.
func (b *board) flip() {
	b.side ^= 1
	b.hash ^= keys.side
}

func (b *board) empty() uint64 { return boardMask &^ wallBit &^ (b.occ[0] | b.occ[1]) }

// captures judges both kinds of capture around to, where a cube of the side
// owning me has just arrived: me and en are the mover's and the other side's
// cubes after the move. Only occupation matters, never levels.
//
// cust are the cubes taken by custodian: each contiguous line of enemy cubes
// running from to in one direction and closed by a cube of me. encl are the
// cubes taken by enclosure: each enemy group next to to without an empty
// square beside it. A cube both would take is taken by enclosure, so the two
// sets never meet.
func captures(me, en uint64, to int) (cust, encl uint64) {
	nb := &neighbour[to]
	var near uint64
	for d := range 4 {
		t := int(nb[d])
		if t < 0 || en&bit(t) == 0 {
			continue
		}
		near |= bit(t)
		var line uint64
		for t >= 0 && en&bit(t) != 0 {
			line |= bit(t)
			t = int(neighbour[t][d])
		}
		if t >= 0 && me&bit(t) != 0 {
			cust |= line
		}
	}
	if near == 0 {
		return 0, 0
	}
	empty := boardMask &^ wallBit &^ (me | en)
	for near != 0 {
		g := flood(near&-near, en)
		near &^= g
		if expand(g)&empty == 0 {
			encl |= g
		}
	}
	return cust &^ encl, encl
}

// slide moves the cube on from to to (a legal slide of the side to move) and
// makes its captures: custodian captures go back to their owner's reserve,
// enclosed cubes join the mover's. Promotions and the turn are left to the
// caller.
func (b *board) slide(from, to int) (cust, encl uint64) {
	me := int(b.side)
	c := b.take(from)
	b.put(to, me, int(c&3))
	cust, encl = captures(b.occ[me], b.occ[me^1], to)
	for x := cust | encl; x != 0; x &= x - 1 {
		b.take(bits.TrailingZeros64(x))
	}
	if cust != 0 {
		b.setReserve(me^1, b.reserve[me^1]+uint8(bits.OnesCount64(cust)))
	}
	if encl != 0 {
		b.setReserve(me, b.reserve[me]+uint8(bits.OnesCount64(encl)))
	}
	return cust, encl
}

// drop puts a cube of the side to move from its reserve on q, at level 1.
func (b *board) drop(q int) {
	me := int(b.side)
	b.setReserve(me, b.reserve[me]-1)
	b.put(q, me, 1)
}

// promotable are the side's cubes below the top level.
func (b *board) promotable(side int) uint64 { return b.occ[side] &^ b.lvl[maxLevel] }

// defaultPromotions chooses up to n cubes of the side to move to promote,
// besides those in named: the lowest level first, then in square order a1,
// b1 … g7, as the rules say the server does.
func (b *board) defaultPromotions(n int, named uint64) uint64 {
	var chosen uint64
	for level := 1; level < maxLevel && n > 0; level++ {
		for x := b.occ[b.side] & b.lvl[level] &^ named; x != 0 && n > 0; x &= x - 1 {
			chosen |= x & -x
			n--
		}
	}
	return chosen
}

// promote raises every cube in set by one level.
func (b *board) promote(set uint64) {
	for ; set != 0; set &= set - 1 {
		q := bits.TrailingZeros64(set)
		c := b.take(q)
		b.put(q, int(c>>2), int(c&3)+1)
	}
}

// won reports whether side meets a winning condition: the other side has no
// cube on the board, or every cube side owns is on the board at level 3.
func (b *board) won(side int) bool {
	return b.occ[side^1] == 0 || (b.reserve[side] == 0 && b.occ[side] != 0 && b.occ[side]&^b.lvl[maxLevel] == 0)
}

// action is a slide or a drop in the search's compact form: from<<6 | to,
// with from = dropFrom for a drop. Promotions are the server's default ones.
type action uint16

const dropFrom = 63

func slideAction(from, to int) action { return action(from<<6 | to) }
func dropAction(q int) action         { return action(dropFrom<<6 | q) }

func (a action) from() int    { return int(a >> 6) }
func (a action) to() int      { return int(a & 63) }
func (a action) isDrop() bool { return a>>6 == dropFrom }

// play makes action a of the side to move with the default promotions and
// ends the turn. It reports whether the mover won and how many cubes it
// captured.
func (b *board) play(a action) (won bool, captured int) {
	mover := int(b.side)
	if a.isDrop() {
		b.drop(a.to())
	} else {
		cust, encl := b.slide(a.from(), a.to())
		captured = bits.OnesCount64(cust | encl)
		if cust != 0 {
			b.promote(b.defaultPromotions(bits.OnesCount64(cust), 0))
		}
	}
	b.endTurn(captured > 0)
	return b.won(mover), captured
}

// endTurn counts the turn for the quiet-turn draw and gives the turn over.
func (b *board) endTurn(captured bool) {
	if captured {
		b.quiet = 0
	} else if b.quiet < 255 {
		b.quiet++
	}
	b.flip()
}
