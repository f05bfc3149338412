package amplitude

import "slices"

// shortSolution is bestSolution for a line of 3 to tableLineLen digits, the
// lines a digits-only pose most often makes: the formula solve writes, found
// without building a set of four operands, which is what made it cost a
// quarter of a millisecond. The best score is the embedded table's, so that
// each reading is searched for that score alone; sequences of four operands
// are searched towards each target from the shared sets of up to three.
func shortSolution(line []byte, forbidden bool) (solution, bool) {
	n := len(line)
	if forbidden && !forbiddenLine(line).IsZero() {
		return solution{}, false
	}
	score := tableScore(line, forbidden)
	if score == 0 {
		return solution{}, false
	}
	var back [tableLineLen]byte
	for i, d := range line {
		back[n-1-i] = d
	}
	s := newSolver(forbidden)
	s.noFourSets = true
	readings := 4
	if palindrome(line) {
		readings = 2
	}
	// The first reading in solve's order that reaches the best score, and
	// in it the tree build writes.
	for i := range readings {
		reading := line
		if i >= 2 {
			reading = back[:n]
		}
		ops, r := readingOf(reading, i%2 == 1)
		t := exact(ratOf(r))
		var cls class
		if forbidden {
			classes := s.bestClasses(ops, t, score)
			if len(classes) == 0 {
				continue
			}
			cls = s.firstOf(ops, t, classes)
		}
		if tree := s.firstTree(ops, t, cls, score); tree != nil {
			return solution{score: score, result: byte(r), resultFirst: i%2 == 1, reversed: i >= 2, tree: tree}, true
		}
	}
	panic("amplitude: no reading reaches the table's best score")
}

// bestClasses is the classes of the trees over ops that meet t with score,
// the best of the line, in class order.
func (s *solver) bestClasses(ops []byte, t target, score int64) []class {
	var classes []class
	for _, e := range s.goal(ops, t, score-1) {
		if e.score >= score { // a set's lookup gives the lower ones too
			classes = append(classes, e.cls)
		}
	}
	slices.Sort(classes)
	return classes
}

// firstOf is the class firstClass finds among classes, the classes of the
// best trees over ops that meet t: the lowest when ops is short enough for
// a set, whose entries come in class order; else the first class an
// unpruned search in value order meets.
func (s *solver) firstOf(ops []byte, t target, classes []class) class {
	if len(ops) <= cachedSetLen {
		return classes[0]
	}
	for k := 1; k < len(ops); k++ {
		var lim int64
		var first class
		met := false
		s.combosIn(ops, k, t.val, &lim, false, func(o op, l, r entry, _ target, _ bool) bool {
			if c, ok := s.combine(o, l.cls, r.cls); ok && slices.Contains(classes, c) {
				first, met = c, true
				return false
			}
			return true
		})
		if met {
			return first
		}
	}
	panic("amplitude: the unpruned search missed the best classes")
}
