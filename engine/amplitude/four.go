package amplitude

import "slices"

// fourGoal is goal for a sequence of cachedSetLen operands searched without
// its set (solver.noFourSets): each split's shorter side enumerated, the
// value the longer side must reach looked up in its set. It finds what the
// set's lookup would, for every class whose best is above floor, in class
// order as the set gives them.
func (s *solver) fourGoal(seq []byte, t rat, floor int64) []entry {
	key := packDigits(seq)
	for i := range s.fours {
		if m := &s.fours[i]; m.seq == key && m.t == t && m.floor <= floor {
			return m.found
		}
	}
	var found []entry
	lim := floor // without the forbidden patterns, the best found so far
	for k := 1; k < len(seq); k++ {
		short, long, bigRight := seq[:k], seq[k:], true
		if k > len(seq)-k {
			short, long, bigRight = seq[k:], seq[:k], false
		}
		longSet := s.set(long)
		ub := longSet.best()
		shortSet := s.set(short)
		for _, at := range shortSet.byScore { // best first: the floor may stop the rest
			e := &shortSet.entries[at]
			if e.score+ub <= lim && e.score*ub <= lim {
				break
			}
			for _, o := range ops {
				if subFloor(o, e.score, lim) >= ub {
					continue
				}
				bt, ok := need(o, e.val, t, bigRight)
				if !ok {
					continue
				}
				var gs []entry
				if bt.kind == exactly {
					gs = longSet.lookup(bt.val)
				} else {
					gs = s.anyGoal(long, bt.kind == anyNonzero)
				}
				for j := range gs {
					g := &gs[j]
					lc, rc := e.cls, g.cls
					if !bigRight {
						lc, rc = rc, lc
					}
					c, ok := s.combine(o, lc, rc)
					if !ok {
						continue
					}
					if score := combineScore(o, e.score, g.score); score > lim {
						found = keepBest(found, entry{t, c, score})
						if !s.forbidden {
							lim = score
						}
					}
				}
			}
		}
	}
	slices.SortFunc(found, func(a, b entry) int { return cmp64(int64(a.cls), int64(b.cls)) })
	if s.forbidden { // whose walk asks again for what it searched
		s.fours = append(s.fours, fourResult{key, t, floor, found})
	}
	return found
}

// fourResult is a finished fourGoal, which the building of a short line's
// tree asks for again.
type fourResult struct {
	seq   uint64
	t     rat
	floor int64
	found []entry
}
