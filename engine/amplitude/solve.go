package amplitude

import "sync/atomic"

// The best-formula search.
//
// For a line, the result is the digit at one end and the operands are the
// other digits in line order, read in either direction: four (result,
// operands) pairs. For each, the search wants the highest-scoring tree over
// the operands whose value is the result. Scores combine monotonically
// (+ - / add the children's scores, × multiplies them, all positive), so the
// best tree for a value is built from best subtrees: interval dynamic
// programming over value sets, as Countdown solvers do.
//
// Full value sets grow about tenfold a digit, so they are only built for short
// sequences (and cached for sequences of up to cachedSetLen operands).
// Longer sequences are searched towards a target: at each split the shorter
// side's values are enumerated and the value the longer side must reach is
// derived and searched recursively.

// cachedSetLen is the longest operand sequence whose value set outlives a
// search: the sets of up to wholeSetLen operands are all kept (819 of them,
// about 1 MB a mode once all are built), those of cachedSetLen in a bounded
// setCache.
const (
	cachedSetLen = 4
	wholeSetLen  = 3
)

var ops = [...]op{opAdd, opSub, opMul, opDiv}

// targetKind says what a searched sequence must evaluate to.
type targetKind uint8

const (
	exactly    targetKind = iota // the value given
	anyValue                     // anything (a factor of 0 makes it irrelevant)
	anyNonzero                   // anything but zero (a divisor of 0 by it)
)

type target struct {
	kind targetKind
	val  rat
}

func exact(v rat) target { return target{kind: exactly, val: v} }

type goalKey struct {
	seq uint64
	t   target
}

// goalResult is a memoised goal: exact for every class whose best score is
// above floor, the floor it was searched with.
type goalResult struct {
	found []entry
	floor int64
}

// solver holds one search's scratch memory over the process-wide caches.
type solver struct {
	forbidden bool
	sets      []atomic.Pointer[valueSet] // shared, up to wholeSetLen, by shortIndex
	midSets   *setCache                  // shared, cachedSetLen
	bigSets   map[uint64]*valueSet
	goals     map[goalKey]goalResult
	uppers    map[uint64]int64
	builder   setBuilder // reused by every set the search builds
	// valueOrder makes goal enumerate in value order, as build does, so
	// that its entries come in the order an unpruned search finds them.
	valueOrder bool
	// noFourSets makes goal search a sequence of cachedSetLen operands
	// towards its target (fourGoal) instead of building its set: a short
	// line asks about a few targets of a few such sequences, where building
	// one set costs as much as dozens of those searches.
	noFourSets bool
	fours      []fourResult // the fourGoal searches done, with the forbidden patterns
}

var (
	setsPlain        = &flatMemo[atomic.Pointer[valueSet]]{maxLen: wholeSetLen}
	setsForbidden    = &flatMemo[atomic.Pointer[valueSet]]{maxLen: wholeSetLen}
	midSetsPlain     = &setCache{}
	midSetsForbidden = &setCache{}
)

func newSolver(forbidden bool) *solver {
	s := &solver{forbidden: forbidden, sets: setsPlain.table(), midSets: midSetsPlain}
	if forbidden {
		s.sets, s.midSets = setsForbidden.table(), midSetsForbidden
	}
	return s
}

func (s *solver) leafClass(d byte) class {
	if s.forbidden {
		return leafClass(d)
	}
	return 0
}

func (s *solver) combine(o op, a, b class) (class, bool) {
	if s.forbidden {
		return combineClass(o, a, b)
	}
	return 0, true
}

func combineScore(o op, a, b int64) int64 {
	if o == opMul {
		return a * b
	}
	return a + b
}

// apply computes a o b; ok is false on a division by zero.
func apply(o op, a, b rat) (rat, bool) {
	switch o {
	case opAdd:
		return a.add(b), true
	case opSub:
		return a.sub(b), true
	case opMul:
		return a.mul(b), true
	}
	return a.div(b)
}

// set returns every value seq reaches.
func (s *solver) set(seq []byte) *valueSet {
	if len(seq) <= wholeSetLen {
		slot := &s.sets[shortIndex(seq)]
		if vs := slot.Load(); vs != nil {
			return vs
		}
		vs := s.buildSet(seq)
		slot.Store(vs)
		return vs
	}
	key := packDigits(seq)
	if vs, ok := s.bigSets[key]; ok {
		return vs
	}
	if len(seq) == cachedSetLen {
		if vs := s.midSets.get(key); vs != nil {
			return vs
		}
	}
	vs := s.buildSet(seq)
	vs.key = key
	if len(seq) == cachedSetLen {
		s.midSets.put(key, vs)
	}
	if s.bigSets == nil {
		s.bigSets = make(map[uint64]*valueSet)
	}
	s.bigSets[key] = vs
	return vs
}

// upper is the best score of any tree over seq, whatever its value: a bound
// that lets the search skip what cannot beat the best found so far.
func (s *solver) upper(seq []byte) int64 {
	if len(seq) <= cachedSetLen { // cheaper than a map's lookup
		return plusTimes(seq)
	}
	key := packDigits(seq)
	if v, ok := s.uppers[key]; ok {
		return v
	}
	v := plusTimes(seq)
	if s.uppers == nil {
		s.uppers = make(map[uint64]int64)
	}
	s.uppers[key] = v
	return v
}

func (s *solver) buildSet(seq []byte) *valueSet {
	if len(seq) == 1 {
		b := newSetBuilder(1)
		b.put(ratOf(int64(seq[0])), s.leafClass(seq[0]), int64(seq[0]))
		return b.done()
	}
	// The parts first: building them uses the solver's builder too.
	var lefts, rights [maxLine]*valueSet
	for k := 1; k < len(seq); k++ {
		lefts[k], rights[k] = s.set(seq[:k]), s.set(seq[k:])
	}
	b := &s.builder
	b.reset(16 << len(seq))
	for k := 1; k < len(seq); k++ {
		for _, l := range lefts[k].entries {
			for _, r := range rights[k].entries {
				for _, o := range ops {
					c, ok := s.combine(o, l.cls, r.cls)
					if !ok {
						continue
					}
					v, ok := apply(o, l.val, r.val)
					if !ok {
						continue
					}
					b.put(v, c, combineScore(o, l.score, r.score))
				}
			}
		}
	}
	return b.done()
}

// goal returns, for each class, the best score of a tree over seq that meets
// t, for every class whose best is above floor (classes whose best is not
// may be missing or come with a lower score); the entries' values are
// meaningful only for an exact target.
//
// The floor prunes: a split whose score cannot exceed it, by the bound of
// upper on the longer side, is not searched. Without the forbidden patterns
// there is one class, so the floor rises to the best found as the search
// goes.
func (s *solver) goal(seq []byte, t target, floor int64) []entry {
	if t.kind != exactly {
		return s.anyGoal(seq, t.kind == anyNonzero)
	}
	if len(seq) < cachedSetLen || len(seq) == cachedSetLen && !s.noFourSets {
		return s.set(seq).lookup(t.val)
	}
	if s.upper(seq) <= floor {
		return nil
	}
	if len(seq) == cachedSetLen {
		return s.fourGoal(seq, t.val, floor)
	}
	// One operand past the cached sets, every split ends in set lookups and
	// the same (sequence, target) rarely comes twice: not worth a memo.
	memoise := len(seq) > cachedSetLen+1
	key := goalKey{packDigits(seq), t}
	if memoise {
		if g, ok := s.goals[key]; ok && g.floor <= floor {
			return g.found
		}
	}
	var found []entry
	lim := floor
	for k := 1; k < len(seq); k++ {
		s.combosIn(seq, k, t.val, &lim, !s.valueOrder, nil, func(o op, l, r entry, _ target, _ bool) bool {
			c, ok := s.combine(o, l.cls, r.cls)
			if !ok {
				return true
			}
			score := combineScore(o, l.score, r.score)
			if score <= floor {
				return true
			}
			found = keepBest(found, entry{t.val, c, score})
			if !s.forbidden {
				lim = max(lim, score)
			}
			return true
		})
	}
	if memoise {
		if s.goals == nil {
			s.goals = make(map[goalKey]goalResult)
		}
		s.goals[key] = goalResult{found, floor}
	}
	return found
}

func keepBest(es []entry, e entry) []entry {
	for i := range es {
		if es[i].cls == e.cls {
			es[i].score = max(es[i].score, e.score)
			return es
		}
	}
	return append(es, e)
}

// anyGoal is goal for a target that any value (or any nonzero value) meets.
// Without the forbidden patterns the best is a tree of + and × alone: - and /
// score as + does, and a tree of + and × is positive and never divides by
// zero. With them, classes matter and the whole value set is searched.
func (s *solver) anyGoal(seq []byte, nonzero bool) []entry {
	if !s.forbidden {
		return []entry{{cls: 0, score: plusTimes(seq)}}
	}
	var found []entry
	for _, e := range s.set(seq).entries {
		if !nonzero || !e.val.isZero() {
			found = keepBest(found, entry{cls: e.cls, score: e.score})
		}
	}
	return found
}

// plusTimes is the best score of any tree over seq, found among trees of +
// and × only.
func plusTimes(seq []byte) int64 {
	n := len(seq)
	switch n { // the short ones without the table, which costs more to clear
	case 1:
		return int64(seq[0])
	case 2:
		return plusOrTimes(int64(seq[0]), int64(seq[1]))
	case 3:
		a, b, c := int64(seq[0]), int64(seq[1]), int64(seq[2])
		return max(plusOrTimes(plusOrTimes(a, b), c), plusOrTimes(a, plusOrTimes(b, c)))
	case 4:
		ab, cd := plusOrTimes(int64(seq[0]), int64(seq[1])), plusOrTimes(int64(seq[2]), int64(seq[3]))
		return max(plusOrTimes(int64(seq[0]), plusTimes(seq[1:])), plusOrTimes(ab, cd), plusOrTimes(plusTimes(seq[:3]), int64(seq[3])))
	}
	var best [maxLine + 1][maxLine + 1]int64
	for i, d := range seq {
		best[i][i+1] = int64(d)
	}
	for span := 2; span <= n; span++ {
		for i := 0; i+span <= n; i++ {
			j := i + span
			for k := i + 1; k < j; k++ {
				a, b := best[i][k], best[k][j]
				best[i][j] = max(best[i][j], a+b, a*b)
			}
		}
	}
	return best[0][n]
}

// plusOrTimes is the better score of a+b and a×b.
func plusOrTimes(a, b int64) int64 { return max(a+b, a*b) }

// combos calls yield for each way to reach t by splitting seq at k whose
// score may exceed *lim: the operation, the left and right entries, the
// target the longer side was searched for, and whether that side is the
// right one. The shorter side's values are enumerated; yield returns false
// to stop, and may raise *lim as it goes. admit, when not nil, skips the
// ways it refuses without searching their longer side: it is given the
// operation, the class of the shorter side's entry and whether that side is
// the left one.
func (s *solver) combos(seq []byte, k int, t rat, lim *int64, admit admitFunc, yield func(o op, l, r entry, bigTarget target, bigRight bool) bool) {
	s.combosIn(seq, k, t, lim, false, admit, yield)
}

// admitFunc tells combos whether a node o, with part as one operand (the
// left one when left), may give what the search looks for.
type admitFunc func(o op, part class, left bool) bool

// combosIn is combos, enumerating the shorter side best score first when
// byScore is set: the best found rises sooner and, once neither a sum nor a
// product with an entry can beat it, no later entry can either. Otherwise
// it goes in value order, which build follows to find the same tree as ever.
func (s *solver) combosIn(seq []byte, k int, t rat, lim *int64, byScore bool, admit admitFunc, yield func(o op, l, r entry, bigTarget target, bigRight bool) bool) {
	left, right := seq[:k], seq[k:]
	short, long := left, right
	if len(left) > len(right) {
		short, long = right, left
	}
	bigRight := len(left) <= len(right)
	vs := s.set(short)
	var longSet *valueSet // where goal would look exact targets up
	var ub int64
	if len(long) < cachedSetLen {
		longSet = s.set(long)
		ub = longSet.best()
	} else {
		ub = s.upper(long)
	}
	for i := range vs.entries {
		e := &vs.entries[i]
		if byScore {
			e = &vs.entries[vs.byScore[i]]
			if subFloor(opAdd, e.score, *lim) >= ub && subFloor(opMul, e.score, *lim) >= ub {
				return
			}
		}
		for _, o := range ops {
			floor := subFloor(o, e.score, *lim)
			if floor >= ub || admit != nil && !admit(o, e.cls, bigRight) {
				continue
			}
			bt, ok := need(o, e.val, t, bigRight)
			if !ok {
				continue
			}
			var found []entry
			if longSet != nil && bt.kind == exactly {
				found = longSet.lookup(bt.val)
			} else {
				found = s.goal(long, bt, floor)
			}
			for _, g := range found {
				l, r := *e, g
				if !bigRight {
					l, r = g, *e
				}
				if !yield(o, l, r, bt, bigRight) {
					return
				}
			}
		}
	}
}

// subFloor is the score the other operand must exceed for (a o other) to
// score above lim, given a's score (at least 1).
func subFloor(o op, a, lim int64) int64 {
	if o == opMul {
		return lim / a
	}
	return lim - a
}

// need is what the longer side of a split must be for (short o long) = t
// when bigRight, else for (long o short) = t.
func need(o op, short, t rat, bigRight bool) (target, bool) {
	if bigRight {
		return needRight(o, short, t)
	}
	return needLeft(o, short, t)
}

// needRight is what the right operand must be for (l o right) = t.
func needRight(o op, l, t rat) (target, bool) {
	switch o {
	case opAdd:
		return exact(t.sub(l)), true
	case opSub:
		return exact(l.sub(t)), true
	case opMul:
		if l.isZero() {
			return target{kind: anyValue}, t.isZero()
		}
		q, _ := t.div(l)
		return exact(q), true
	}
	if t.isZero() {
		return target{kind: anyNonzero}, l.isZero()
	}
	if l.isZero() {
		return target{}, false
	}
	q, _ := l.div(t)
	return exact(q), true
}

// needLeft is what the left operand must be for (left o r) = t.
func needLeft(o op, r, t rat) (target, bool) {
	switch o {
	case opAdd:
		return exact(t.sub(r)), true
	case opSub:
		return exact(t.add(r)), true
	case opMul:
		if r.isZero() {
			return target{kind: anyValue}, t.isZero()
		}
		q, _ := t.div(r)
		return exact(q), true
	}
	if r.isZero() {
		return target{}, false
	}
	return exact(t.mul(r)), true
}
