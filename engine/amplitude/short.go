package amplitude

import "slices"

// shortSolution is bestSolution for a line of 3 to tableLineLen digits, the
// lines a digits-only pose most often makes: the formula solve writes, found
// without building a set of four operands, which is what made it cost a
// quarter of a millisecond. The embedded tables give the best score and the
// reading it is found in, so that one reading is searched, for that score
// alone; its sequences of four operands are searched towards each target
// from the shared sets of up to three.
func shortSolution(line []byte, forbidden bool) (solution, bool) {
	n := len(line)
	if forbidden && !forbiddenLine(line).IsZero() {
		return solution{}, false
	}
	score := tableScore(line, forbidden)
	if score == 0 {
		return solution{}, false
	}
	resultFirst, reversed := tableReading(line, forbidden)
	var reading [tableLineLen]byte
	copy(reading[:], line)
	if reversed {
		slices.Reverse(reading[:n])
	}
	ops, r := readingOf(reading[:n], resultFirst)
	t := exact(ratOf(r))
	s := newSolver(forbidden)
	s.noFourSets = true
	var tree *expr
	switch {
	case !forbidden:
		tree = s.build(ops, t, 0, score)
	case len(ops) <= cachedSetLen:
		tree = s.build(ops, t, s.lowestBestClass(ops, t, score), score)
	default:
		tree = s.firstBestTree(ops, t, score)
	}
	return solution{score: score, result: byte(r), resultFirst: resultFirst, reversed: reversed, tree: tree}, true
}

// lowestBestClass is the class firstClass finds when ops is short enough for
// a set, whose entries come in class order: the lowest of the trees over ops
// that meet t with score, the best of the line.
func (s *solver) lowestBestClass(ops []byte, t target, score int64) class {
	lowest, met := class(0), false
	for _, e := range s.goal(ops, t, score-1) {
		if e.score >= score && (!met || e.cls < lowest) { // a set's lookup gives the lower ones too
			lowest, met = e.cls, true
		}
	}
	if !met {
		panic("amplitude: the search missed the table's best score")
	}
	return lowest
}

// firstBestTree is build's tree over ops, longer than a set's, in the class
// firstClass finds: the first class that an unpruned search in value order
// meets and whose best tree scores score, the best of the line. The search
// tries each class as it meets it, by building its tree.
func (s *solver) firstBestTree(ops []byte, t target, score int64) *expr {
	var tried [8]class
	met := tried[:0]
	var tree *expr
	// A sum or a difference with a side of several operands, as the longer
	// side always is here, is of one class: the search need only know
	// whether the longer side reaches its target, and once the class has
	// been tried it need not look at another. The first split's sum and
	// difference come first of all.
	d := ratOf(int64(ops[0]))
	if s.reaches(ops[1:], t.val.sub(d)) || s.reaches(ops[1:], d.sub(t.val)) {
		met = append(met, kindSum)
		tree = s.firstTree(ops, t, kindSum, score)
	}
	k := 1
	admit := func(o op, _ class, _ bool) bool {
		return o != opAdd && o != opSub || k > 1 && !slices.Contains(met, kindSum)
	}
	for ; k < len(ops) && tree == nil; k++ {
		var lim int64
		s.combosIn(ops, k, t.val, &lim, false, admit, func(o op, l, r entry, _ target, _ bool) bool {
			c, ok := s.combine(o, l.cls, r.cls)
			if !ok || slices.Contains(met, c) {
				return true
			}
			met = append(met, c)
			tree = s.firstTree(ops, t, c, score)
			return tree == nil
		})
	}
	if tree == nil {
		panic("amplitude: the search missed the table's best score")
	}
	return tree
}

// reaches reports whether a tree over seq has the value v.
func (s *solver) reaches(seq []byte, v rat) bool {
	met := false
	for k := 1; k < len(seq) && !met; k++ {
		lim := int64(-1) // every tree
		s.combosIn(seq, k, v, &lim, false, nil, func(o op, l, r entry, _ target, _ bool) bool {
			_, ok := s.combine(o, l.cls, r.cls)
			met = ok
			return !ok
		})
	}
	return met
}
