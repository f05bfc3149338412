package amplitude

import (
	"slices"
	"strings"
)

// maxLine is the longest line a pose can make: at most 5 new tokens (a full
// rack) and, since two crossed tokens are never adjacent, at most 6 crossed
// tokens around and between them.
const maxLine = 11

// solution is the best formula found for a line.
type solution struct {
	score       int64
	result      byte
	resultFirst bool // written "r=…"
	reversed    bool // read from the line's last square to its first
	tree        *expr
}

// text writes the solution with full parentheses, in reading order.
func (s solution) text() string {
	var b strings.Builder
	b.Grow(4*maxLine + 2)
	if s.resultFirst {
		b.WriteByte('0' + s.result)
		b.WriteByte('=')
	}
	s.tree.write(&b, false)
	if !s.resultFirst {
		b.WriteByte('=')
		b.WriteByte('0' + s.result)
	}
	return b.String()
}

// bestPlain and bestForbidden hold the best scores of lines longer than
// the embedded table's, a fixed 1 MiB each.
var bestPlain, bestForbidden lineCache

// bestScore is the score of the best formula for line, or 0 when none
// exists: from the embedded table for short lines, else from the search
// (the plain search without the forbidden patterns), remembered in a
// bounded cache since the move generator asks for the same lines again and
// again.
func bestScore(line []byte, forbidden bool) int64 {
	return bestScoreIn(nil, line, forbidden)
}

// bestScoreIn is bestScore searching with p, a plain search whose memory
// serves the lines to come (nil for a fresh one).
func bestScoreIn(p *plainSearch, line []byte, forbidden bool) int64 {
	if len(line) < 3 {
		return 0
	}
	if len(line) <= tableLineLen {
		return tableScore(line, forbidden)
	}
	cache := &bestPlain
	if forbidden {
		cache = &bestForbidden
	}
	key := lineKey(line)
	if v, ok := cache.get(key); ok {
		return v
	}
	var score int64
	if forbidden {
		sol, _ := solve(line, forbidden, false)
		score = sol.score
	} else {
		if p == nil {
			p = newPlainSearch()
		}
		score = p.bestScore(line)
	}
	cache.put(key, score)
	return score
}

// lineKey packs line or its reverse, whichever packs lower: the two have
// the same four readings, hence the same best score, and lines often come
// with their reverse in a move generation (a third of them in the corpus).
func lineKey(line []byte) uint64 {
	var back uint64
	for i := len(line) - 1; i >= 0; i-- {
		back = back<<4 | uint64(line[i])
	}
	return min(packDigits(line), back)
}

// bestSolution is the best formula for line, its tree included. Without the
// forbidden patterns the plain search finds the score and the reading, and
// the tree is built as solve builds it, so that the formula is the same.
func bestSolution(line []byte, forbidden bool) (solution, bool) {
	if len(line) >= 3 && len(line) <= tableLineLen {
		return shortSolution(line, forbidden)
	}
	if forbidden || len(line) > maxLine {
		return solve(line, forbidden, true)
	}
	p := newPlainSearch()
	score, resultFirst, reversed := p.best(line)
	if score == 0 {
		return solution{}, false
	}
	reading := slices.Clone(line)
	if reversed {
		slices.Reverse(reading)
	}
	ops, r := readingOf(reading, resultFirst)
	tree := p.build(ops, exact(ratOf(r)), score)
	return solution{score: score, result: byte(r), resultFirst: resultFirst, reversed: reversed, tree: tree}, true
}

// solve searches the four readings of line (result last or first, the line
// read forwards or backwards) and keeps the best; on a tie the earlier
// reading in that order wins, so that the answer is deterministic and reads
// the way players most often write.
func solve(line []byte, forbidden, wantTree bool) (solution, bool) {
	n := len(line)
	if n < 3 || n > maxLine || (forbidden && !forbiddenLine(line).IsZero()) {
		return solution{}, false
	}
	var back [maxLine]byte
	for i, d := range line {
		back[n-1-i] = d
	}
	s := newSolver(forbidden)
	var best solution
	var bestCls class
	try := func(reading []byte, resultFirst, reversed bool) {
		ops, r := reading[:n-1], reading[n-1]
		if resultFirst {
			ops, r = reading[1:], reading[0]
		}
		for _, e := range s.goal(ops, exact(ratOf(int64(r))), best.score) {
			if e.score > best.score {
				best = solution{score: e.score, result: r, resultFirst: resultFirst, reversed: reversed}
				bestCls = e.cls
			}
		}
	}
	try(line, false, false)
	try(line, true, false)
	if !palindrome(line) {
		try(back[:n], false, true)
		try(back[:n], true, true)
	}
	if best.score == 0 {
		return solution{}, false
	}
	if wantTree && forbidden {
		bestCls = firstClass(line, back[:n], best)
	}
	if wantTree {
		reading := line
		if best.reversed {
			reading = back[:n]
		}
		ops := reading[:n-1]
		if best.resultFirst {
			ops = reading[1:]
		}
		best.tree = s.build(ops, exact(ratOf(int64(best.result))), bestCls, best.score)
	}
	return best, true
}

// firstClass is the class of the tree best is built from, with the
// forbidden patterns on: when trees of several classes reach the best score,
// the one an unpruned search meets first, as it always was, so that the
// formula written back does not depend on how the search prunes. It searches
// best's reading again, unpruned and in value order.
func firstClass(line, back []byte, best solution) class {
	reading := line
	if best.reversed {
		reading = back
	}
	n := len(reading)
	ops := reading[:n-1]
	if best.resultFirst {
		ops = reading[1:]
	}
	s := newSolver(true)
	s.valueOrder = true
	for _, e := range s.goal(ops, exact(ratOf(int64(best.result))), 0) {
		if e.score == best.score {
			return e.cls
		}
	}
	panic("amplitude: the unpruned search missed the best score")
}

func palindrome(line []byte) bool {
	for i, j := 0, len(line)-1; i < j; i, j = i+1, j-1 {
		if line[i] != line[j] {
			return false
		}
	}
	return true
}

// build reconstructs a tree over seq that meets t with class c and the given
// score, which the search has shown to exist. It walks the same enumeration
// as goal, so the tree is the first one in that deterministic order.
func (s *solver) build(seq []byte, t target, c class, score int64) *expr {
	if tree := s.firstTree(seq, t, c, score); tree != nil {
		return tree
	}
	panic("amplitude: build found no tree the search had found")
}

// firstTree is build's tree, or nil when no tree over seq meets t with
// class c and the given score.
func (s *solver) firstTree(seq []byte, t target, c class, score int64) *expr {
	if len(seq) == 1 {
		return leafExpr(seq[0])
	}
	if t.kind != exactly {
		if !s.forbidden {
			return buildPlusTimes(seq)
		}
		for _, e := range s.set(seq).entries {
			if e.cls == c && e.score == score && (t.kind == anyValue || !e.val.isZero()) {
				return s.build(seq, exact(e.val), c, score)
			}
		}
		return nil
	}
	lim := score - 1 // only splits that reach score
	var admit admitFunc
	if s.forbidden {
		admit = func(o op, part class, left bool) bool { return c.admits(o, part, left) }
	}
	for k := 1; k < len(seq); k++ {
		var tree *expr
		s.combos(seq, k, t.val, &lim, admit, func(o op, l, r entry, bt target, bigRight bool) bool {
			cc, ok := s.combine(o, l.cls, r.cls)
			if !ok || cc != c || combineScore(o, l.score, r.score) != score {
				return true
			}
			lt, rt := exact(l.val), exact(r.val)
			if bigRight {
				rt = bt
			} else {
				lt = bt
			}
			tree = binExpr(o, s.build(seq[:k], lt, l.cls, l.score), s.build(seq[k:], rt, r.cls, r.score))
			return false
		})
		if tree != nil {
			return tree
		}
	}
	return nil
}

// buildPlusTimes is the best tree of + and × over seq.
func buildPlusTimes(seq []byte) *expr {
	if len(seq) == 1 {
		return leafExpr(seq[0])
	}
	best := plusTimes(seq)
	for k := 1; k < len(seq); k++ {
		a, b := plusTimes(seq[:k]), plusTimes(seq[k:])
		switch best {
		case a + b:
			return binExpr(opAdd, buildPlusTimes(seq[:k]), buildPlusTimes(seq[k:]))
		case a * b:
			return binExpr(opMul, buildPlusTimes(seq[:k]), buildPlusTimes(seq[k:]))
		}
	}
	panic("amplitude: no split reaches the best + and × score")
}
