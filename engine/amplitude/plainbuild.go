package amplitude

import "slices"

// build reconstructs the tree over seq that meets t with the given score,
// the best the search found: the first in the enumeration of solver.build,
// which goes through the splits in order and the shorter side's values in
// value order, so that the formula written back is the one solve writes.
func (p *plainSearch) build(seq []byte, t target, score int64) *expr {
	if len(seq) == 1 {
		return leafExpr(seq[0])
	}
	if t.kind != exactly {
		return buildPlusTimes(seq)
	}
	lim := score - 1 // only splits that reach score
	n := len(seq)
	for k := 1; k < n; k++ {
		short, long, bigRight := seq[:k], seq[k:], true
		if k > n-k {
			short, long, bigRight = seq[k:], seq[:k], false
		}
		longSet, ub := p.longSide(long)
		for _, e := range p.set(short).byValue() {
			for _, o := range ops {
				fl := subFloor(o, e.score, lim)
				if fl >= ub {
					continue
				}
				num, den, kind, ok := plainNeed(o, e.val, t.val, bigRight)
				if !ok {
					continue
				}
				bt := target{kind: kind}
				var g int64
				switch {
				case kind != exactly:
					g = ub
				case longSet != nil:
					bt.val = makeRat(num, den)
					g = longSet.get(num, den)
				default:
					bt.val = makeRat(num, den)
					g = p.goal(long, bt.val, fl, ub, true)
				}
				if g == 0 || combineScore(o, e.score, g) != score {
					continue
				}
				st, lt := p.build(short, exact(e.val), e.score), p.build(long, bt, g)
				if bigRight {
					return binExpr(o, st, lt)
				}
				return binExpr(o, lt, st)
			}
		}
	}
	panic("amplitude: build found no tree the search had found")
}

// byValue returns the values in the order of a valueSet's entries, by
// numerator then denominator, listing them on first use.
func (ps *plainSet) byValue() []plainItem {
	if ps.valued != nil {
		return ps.valued
	}
	items := slices.Clone(ps.sorted())
	slices.SortFunc(items, func(x, y plainItem) int {
		if c := cmp64(x.val.num, y.val.num); c != 0 {
			return c
		}
		return cmp64(x.val.den, y.val.den)
	})
	ps.valued = items
	return items
}
