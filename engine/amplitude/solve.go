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

// cachedSetLen is the longest operand sequence whose value set is kept for
// the life of the process: 9+81+729+6561 sequences at most.
const cachedSetLen = 4

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

// solver holds one search's scratch memory over the process-wide caches.
type solver struct {
	forbidden bool
	sets      *flatMemo[atomic.Pointer[valueSet]] // shared, up to cachedSetLen
	bigSets   map[uint64]*valueSet
	goals     map[goalKey][]entry
}

var (
	setsPlain     = &flatMemo[atomic.Pointer[valueSet]]{maxLen: cachedSetLen}
	setsForbidden = &flatMemo[atomic.Pointer[valueSet]]{maxLen: cachedSetLen}
)

func newSolver(forbidden bool) *solver {
	s := &solver{forbidden: forbidden, sets: setsPlain}
	if forbidden {
		s.sets = setsForbidden
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
	if len(seq) <= cachedSetLen {
		slot := s.sets.slot(seq)
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
	vs := s.buildSet(seq)
	if s.bigSets == nil {
		s.bigSets = make(map[uint64]*valueSet)
	}
	s.bigSets[key] = vs
	return vs
}

func (s *solver) buildSet(seq []byte) *valueSet {
	if len(seq) == 1 {
		b := newSetBuilder(1)
		b.put(ratOf(int64(seq[0])), s.leafClass(seq[0]), int64(seq[0]))
		return b.done()
	}
	b := newSetBuilder(16 << len(seq))
	for k := 1; k < len(seq); k++ {
		left, right := s.set(seq[:k]), s.set(seq[k:])
		for _, l := range left.entries {
			for _, r := range right.entries {
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
// t; the entries' values are meaningful only for an exact target.
func (s *solver) goal(seq []byte, t target) []entry {
	if t.kind != exactly {
		return s.anyGoal(seq, t.kind == anyNonzero)
	}
	if len(seq) <= cachedSetLen {
		return s.set(seq).lookup(t.val)
	}
	// One operand past the cached sets, every split ends in set lookups and
	// the same (sequence, target) rarely comes twice: not worth a memo.
	memoise := len(seq) > cachedSetLen+1
	key := goalKey{packDigits(seq), t}
	if memoise {
		if es, ok := s.goals[key]; ok {
			return es
		}
	}
	var found []entry
	for k := 1; k < len(seq); k++ {
		s.combos(seq, k, t.val, func(o op, l, r entry, _ target, _ bool) bool {
			c, ok := s.combine(o, l.cls, r.cls)
			if ok {
				found = keepBest(found, entry{t.val, c, combineScore(o, l.score, r.score)})
			}
			return true
		})
	}
	if memoise {
		if s.goals == nil {
			s.goals = make(map[goalKey][]entry)
		}
		s.goals[key] = found
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

// combos calls yield for each way to reach t by splitting seq at k: the
// operation, the left and right entries, the target the longer side was
// searched for, and whether that side is the right one. The shorter side's
// values are enumerated; yield returns false to stop.
func (s *solver) combos(seq []byte, k int, t rat, yield func(o op, l, r entry, bigTarget target, bigRight bool) bool) {
	left, right := seq[:k], seq[k:]
	if len(left) <= len(right) {
		for _, l := range s.set(left).entries {
			for _, o := range ops {
				bt, ok := needRight(o, l.val, t)
				if !ok {
					continue
				}
				for _, r := range s.goal(right, bt) {
					if !yield(o, l, r, bt, true) {
						return
					}
				}
			}
		}
		return
	}
	for _, r := range s.set(right).entries {
		for _, o := range ops {
			bt, ok := needLeft(o, r.val, t)
			if !ok {
				continue
			}
			for _, l := range s.goal(left, bt) {
				if !yield(o, l, r, bt, false) {
					return
				}
			}
		}
	}
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
