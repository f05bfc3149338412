package amplitude

// The best-score search without the forbidden patterns, for lines longer
// than the embedded table's: the search of solve.go specialised to one class
// (a value set is then a map from values to scores), with value sets that are
// plain hash tables, never sorted unless enumerated, and a memory that one
// move generation shares across all the lines it asks about. Those lines
// come from a few segments filled with the same rack, so that they meet the
// same short sequences again and again: a cold position needs about 600
// four-operand sets and 9,000 five-operand searches where each line alone
// would build and run them all again. It finds the same scores as solve, in
// the same reading, which the tests check against it.

// plainSearch is the memory of plain searches: the value sets of up to
// five operands they have built, the results of their searches on
// sequences of more than plainSetLen, and plusTimes of those, for one move
// generation (or one line). It is not safe for concurrent use.
type plainSearch struct {
	small [819]*plainSet // sequences of up to 3 digits, by shortIndex
	sets  map[uint64]*plainSet
	longs map[uint64]*longInfo
	goals goalTable
	arena []plainSlot // where the next sets' tables are cut from
	chunk int         // the size of the arena's next chunk
}

// newSet returns an empty set with room for n values. Sets are cut from
// chunks of growing size, few allocations for a generation's hundreds of
// sets and little memory for a single line's.
func (p *plainSearch) newSet(n int) *plainSet {
	bits := tableBits(n)
	size := 1 << bits
	if len(p.arena) < size {
		p.chunk = min(max(2*p.chunk, 1<<12), 1<<15)
		p.arena = make([]plainSlot, max(size, p.chunk))
	}
	ps := &plainSet{slots: p.arena[:size:size], shift: 64 - bits}
	p.arena = p.arena[size:]
	return ps
}

// plainSetLen is the longest sequence always searched by a set lookup;
// longer ones are searched towards each target (but see longSide).
const plainSetLen = 4

// newPlainSearch returns a search that remembers nothing yet.
func newPlainSearch() *plainSearch {
	return &plainSearch{sets: make(map[uint64]*plainSet), longs: make(map[uint64]*longInfo)}
}

// best is the score of the best formula for line, 0 when none exists, with
// the reading it is found in: the first of solve's order among the best.
func (p *plainSearch) best(line []byte) (score int64, resultFirst, reversed bool) {
	score = p.bestScore(line)
	if score == 0 {
		return 0, false, false
	}
	n := len(line)
	var back [maxLine]byte
	for i, d := range line {
		back[n-1-i] = d
	}
	for _, r := range [...]struct{ rf, rev bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		reading := line
		if r.rev {
			reading = back[:n]
		}
		ops, t := readingOf(reading, r.rf)
		var g int64
		if len(ops) <= plainSetLen {
			g = p.set(ops).get(t, 1)
		} else {
			g = p.goal(ops, ratOf(t), score-1, p.upper(ops), false)
		}
		if g >= score {
			return score, r.rf, r.rev
		}
	}
	panic("amplitude: no reading reaches the best score")
}

// readingOf is the operands and the result of a reading of a line.
func readingOf(reading []byte, resultFirst bool) ([]byte, int64) {
	n := len(reading)
	if resultFirst {
		return reading[1:], int64(reading[0])
	}
	return reading[:n-1], int64(reading[n-1])
}

// bestScore is the score of the best formula for line, 0 when none exists.
// It searches the four readings together, the splits whose longer side is
// a set first: those are quick and raise the bound that prunes the others.
func (p *plainSearch) bestScore(line []byte) int64 {
	n := len(line)
	if n < 3 || n > maxLine {
		return 0
	}
	var back [maxLine]byte
	for i, d := range line {
		back[n-1-i] = d
	}
	readings := 4
	if palindrome(line) {
		readings = 2
	}
	var lim int64
	for phase := range 2 {
		for i := range readings {
			reading := line
			if i >= 2 {
				reading = back[:n]
			}
			ops, t := readingOf(reading, i%2 == 1)
			m := len(ops)
			if m <= plainSetLen {
				if phase == 0 {
					lim = max(lim, p.set(ops).get(t, 1))
				}
				continue
			}
			if phase == 1 && p.upper(ops) <= lim {
				continue
			}
			for k := 1; k < m; k++ {
				if long := max(k, m-k); (long <= plainSetLen) == (phase == 0) {
					lim = p.split(ops, ratOf(t), k, lim)
				}
			}
		}
	}
	return lim
}

// set returns every value seq reaches.
func (p *plainSearch) set(seq []byte) *plainSet {
	if len(seq) <= 3 {
		i := shortIndex(seq)
		if ps := p.small[i]; ps != nil {
			return ps
		}
		ps := p.buildSet(seq)
		p.small[i] = ps
		return ps
	}
	key := packDigits(seq)
	if ps, ok := p.sets[key]; ok {
		return ps
	}
	ps := p.buildSet(seq)
	p.sets[key] = ps
	return ps
}

// longInfo is what a search remembers of a sequence too long for a set.
type longInfo struct {
	upper int64     // plusTimes of it
	asks  int       // how many splits asked for it, when of five operands
	set   *plainSet // its set, once asked for often enough
}

// long returns what the search knows of seq.
func (p *plainSearch) long(seq []byte) *longInfo {
	key := packDigits(seq)
	if li, ok := p.longs[key]; ok {
		return li
	}
	li := &longInfo{upper: plusTimes(seq)}
	p.longs[key] = li
	return li
}

// upper is plusTimes(seq), remembered.
func (p *plainSearch) upper(seq []byte) int64 { return p.long(seq).upper }

// buildSet builds the set of seq from those of its parts, cut at each
// point, combined by each operation.
func (p *plainSearch) buildSet(seq []byte) *plainSet {
	if len(seq) == 1 {
		ps := p.newSet(1)
		k, _ := fracKey(int64(seq[0]), 1)
		ps.put(k, int32(seq[0]), 1, int32(seq[0]))
		return ps
	}
	var lefts, rights [maxLine][]plainItem
	combos := 0
	for k := 1; k < len(seq); k++ {
		lefts[k], rights[k] = p.set(seq[:k]).sorted(), p.set(seq[k:]).sorted()
		combos += 4 * len(lefts[k]) * len(rights[k])
	}
	// About half the combinations meet another's value: a table of more
	// slots than combinations is never full and seldom more than half so.
	ps := p.newSet(combos/2 + 1)
	for k := 1; k < len(seq); k++ {
		for _, l := range lefts[k] {
			for _, r := range rights[k] {
				for _, o := range ops {
					num, den, ok := combineFrac(o, l.val, r.val)
					if !ok {
						continue
					}
					key, fits := fracKey(num, den)
					if !fits || num != int64(int32(num)) || den != int64(int32(den)) {
						v := makeRat(num, den) // not met below six operands
						num, den = v.num, v.den
						key, _ = fracKey(num, den)
					}
					ps.put(key, int32(num), int32(den), int32(combineScore(o, l.score, r.score)))
				}
			}
		}
	}
	return ps
}

// plainNeed is what the longer side must be for (e o long) = t when
// bigRight, else for (long o e) = t: as needRight and needLeft, the exact
// value as a fraction not reduced.
func plainNeed(o op, e, t rat, bigRight bool) (num, den int64, kind targetKind, ok bool) {
	switch {
	case o == opAdd:
		num, den, _ = combineFrac(opSub, t, e)
	case o == opSub && bigRight:
		num, den, _ = combineFrac(opSub, e, t)
	case o == opSub:
		num, den, _ = combineFrac(opAdd, t, e)
	case o == opMul:
		if e.isZero() {
			return 0, 0, anyValue, t.isZero()
		}
		num, den, _ = combineFrac(opDiv, t, e)
	case bigRight: // e / long = t
		if t.isZero() {
			return 0, 0, anyNonzero, e.isZero()
		}
		if e.isZero() {
			return 0, 0, exactly, false
		}
		num, den, _ = combineFrac(opDiv, e, t)
	default: // long / e = t
		if e.isZero() {
			return 0, 0, exactly, false
		}
		num, den, _ = combineFrac(opMul, t, e)
	}
	return num, den, exactly, true
}

// goal is the best score of a tree over seq (longer than plainSetLen) whose
// value is t when it is above floor, else 0; ub is plusTimes(seq), known to
// the caller. memoise keeps the answer for the searches to come.
func (p *plainSearch) goal(seq []byte, t rat, floor, ub int64, memoise bool) int64 {
	if ub <= floor {
		return 0
	}
	// Memoised searches are of at most nine operands, whose scores fit 32
	// bits: 9^9 at most.
	memoise = memoise && ub < 1<<31
	key := packDigits(seq)
	var at int
	grown := p.goals.grown
	if memoise {
		at = p.goals.find(key, t)
		if m := &p.goals.slots[at]; m.seq == key && int64(m.floor) <= floor {
			if int64(m.best) > floor {
				return int64(m.best)
			}
			return 0
		}
	}
	lim := floor
	n := len(seq)
	// From the middle out: balanced splits score the most, and the bound
	// they raise prunes the others.
	for d := 0; d < n; d++ {
		if k := n/2 + d; k < n {
			lim = p.split(seq, t, k, lim)
		}
		if k := n/2 - d; d > 0 && k > 0 {
			lim = p.split(seq, t, k, lim)
		}
	}
	best := int64(0)
	if lim > floor {
		best = lim
	}
	if memoise {
		if p.goals.grown != grown { // the searches below grew the table
			at = p.goals.find(key, t)
		}
		sl := &p.goals.slots[at]
		if sl.seq == 0 {
			p.goals.count++
		}
		*sl = goalSlot{key, t, int32(best), int32(floor)}
	}
	return best
}

// split raises lim to the best score of a tree over seq whose value is t
// and whose root splits seq at k, when that is above lim.
func (p *plainSearch) split(seq []byte, t rat, k int, lim int64) int64 {
	short, long, bigRight := seq[:k], seq[k:], true
	if k > len(seq)-k {
		short, long, bigRight = seq[k:], seq[:k], false
	}
	longSet, ub := p.longSide(long)
	for _, e := range p.set(short).sorted() {
		if e.score+ub <= lim && e.score*ub <= lim {
			break // so is every entry after it
		}
		for _, o := range ops {
			fl := subFloor(o, e.score, lim)
			if fl >= ub {
				continue
			}
			num, den, kind, ok := plainNeed(o, e.val, t, bigRight)
			var g int64
			switch {
			case !ok:
				continue
			case kind != exactly:
				g = ub // the best tree of + and ×, which is positive
			case longSet != nil:
				g = longSet.get(num, den)
			default:
				g = p.goal(long, makeRat(num, den), fl, ub, true)
			}
			if g != 0 {
				lim = max(lim, combineScore(o, e.score, g))
			}
		}
	}
	return lim
}

// longSide returns how a split searches its longer side: in its set when
// that is short enough, else towards each target; and plusTimes of it. A
// five-operand side that dozens of splits ask for, as in a long line whose
// few five-digit runs are searched for thousands of targets, gets its set
// too: it costs about as much as 200 of those searches.
func (p *plainSearch) longSide(long []byte) (*plainSet, int64) {
	if len(long) <= plainSetLen {
		ps := p.set(long)
		return ps, ps.max
	}
	li := p.long(long)
	if len(long) == 5 && li.set == nil {
		if li.asks++; li.asks > 32 {
			li.set = p.set(long)
		}
	}
	return li.set, li.upper
}
