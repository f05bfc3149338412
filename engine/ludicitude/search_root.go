package ludicitude

import (
	"math/bits"
	"slices"
)

// rootMove is an action at the root with its promotions (0: the default),
// and its score in the last iteration that searched it (see root).
type rootMove struct {
	a     action
	promo uint64
	score int
}

// play makes the root move on b.
func (r rootMove) play(b *board) (won bool) {
	if r.promo == 0 || r.a.isDrop() {
		won, _ = b.play(r.a)
		return won
	}
	mover := int(b.side)
	cust, encl := b.slide(r.a.from(), r.a.to())
	b.promote(r.promo)
	b.endTurn(cust|encl != 0)
	return b.won(mover)
}

// rootMoves lists the root's actions, with a variant for each way of
// choosing the promotions a capture earns (the default way first).
func rootMoves(b *board) []rootMove {
	var out []rootMove
	for _, a := range b.actions(nil) {
		out = append(out, rootMove{a: a})
		if a.isDrop() {
			continue
		}
		after := *b
		cust, _ := after.slide(a.from(), a.to())
		cand := after.promotable(int(b.side))
		k := min(bits.OnesCount64(cust), bits.OnesCount64(cand))
		if k == 0 || k == bits.OnesCount64(cand) {
			continue
		}
		def := after.defaultPromotions(k, 0)
		n := 0
		combinations(squaresOf(cand), k, func(set uint64) bool {
			if set != def {
				out = append(out, rootMove{a: a, promo: set})
			}
			n++
			return n < maxRootVariants
		})
	}
	return out
}

// combinations calls yield with every set of k squares among qs, in
// lexicographic order, until it returns false.
func combinations(qs []Square, k int, yield func(uint64) bool) {
	var rec func(start, k int, set uint64) bool
	rec = func(start, k int, set uint64) bool {
		if k == 0 {
			return yield(set)
		}
		for i := start; i <= len(qs)-k; i++ {
			if !rec(i+1, k-1, set|bit(int(qs[i]))) {
				return false
			}
		}
		return true
	}
	rec(0, k, 0)
}

// run is iterative deepening from b until a bound is reached, a forced
// result is found or only one action exists.
func (sr *searcher) run(b *board, moves []rootMove) SearchResult {
	res := SearchResult{Move: b.rootMoveOf(moves[0])}
	if len(moves) == 1 {
		return res
	}
	sr.path[0] = b.hash
	var last []rootMove // the last completed iteration's moves and scores, with a margin
	lastBest := 0
	for depth := 1; depth <= maxDepth && (sr.lim.Depth <= 0 || depth <= sr.lim.Depth); depth++ {
		best, score := sr.root(b, moves, depth)
		if sr.aborted {
			break
		}
		res.Move, res.Score, res.Depth = b.rootMoveOf(moves[best]), score, depth
		if sr.margin > 0 {
			last, lastBest = append(last[:0], moves...), best
		}
		// The best move goes first for the next iteration; the others keep
		// their order, which stays deterministic.
		m := moves[best]
		copy(moves[1:best+1], moves[:best])
		moves[0] = m
		sr.enforce = true
		if score > mateBound || score < -mateBound {
			break
		}
	}
	if sr.margin > 0 {
		res.Near = sr.near(b, last, lastBest, res.Score, res.Depth)
	}
	res.Nodes = sr.nodes
	return res
}

// near lists the root moves of the last completed iteration, at depth,
// that score less than the margin below score, the best's: the best first,
// then each other move whose score (an upper bound) leaves it a chance and
// that passes a null-window search against the best less the margin, the
// highest bounds tested first. The tests may search a quarter of the node
// budget on top of it; a move whose test the bound cuts short is left out,
// and so are the moves after it. None when score is a forced result.
func (sr *searcher) near(b *board, moves []rootMove, best, score, depth int) []ScoredMove {
	if score > mateBound || score < -mateBound {
		return nil
	}
	sr.aborted = false
	if sr.lim.Nodes > 0 {
		sr.lim.Nodes = sr.nodes + max(sr.lim.Nodes/4, 1)
	}
	floor := score - sr.margin
	var tests []rootMove
	for i, m := range moves {
		if i != best && m.score > floor {
			tests = append(tests, m)
		}
	}
	// The highest bounds first: the likeliest to pass, should the budget
	// run out.
	slices.SortStableFunc(tests, func(x, y rootMove) int { return y.score - x.score })
	out := []ScoredMove{{Move: b.rootMoveOf(moves[best]), Score: score}}
	for _, m := range tests {
		child := *b
		s := mateScore - 1
		if !m.play(&child) {
			sr.path[1] = child.hash
			s = -sr.search(&child, depth-1, 1, -floor-1, -floor)
		}
		if sr.aborted {
			break
		}
		if s > floor {
			out = append(out, ScoredMove{Move: b.rootMoveOf(m), Score: min(s, score)})
		}
	}
	return out
}

// rootMoveOf is the public form of a root move, every promotion named.
func (b *board) rootMoveOf(r rootMove) Move {
	m := b.moveOf(r.a)
	if r.promo != 0 && !r.a.isDrop() {
		m.Promote = squaresOf(r.promo)
	}
	return m
}

// root searches every root move to depth and returns the index of the best
// and its score. Each move keeps its score: exact for the first and for
// each that became the best, an upper bound for the others (the search is
// fail-soft, so the bound is often well below the best).
func (sr *searcher) root(b *board, moves []rootMove, depth int) (int, int) {
	alpha, beta := -infinity, infinity
	best := 0
	for i := range moves {
		child := *b
		var score int
		if moves[i].play(&child) {
			score = mateScore - 1
		} else {
			sr.path[1] = child.hash
			if i == 0 {
				score = -sr.search(&child, depth-1, 1, -beta, -alpha)
			} else {
				score = -sr.search(&child, depth-1, 1, -alpha-1, -alpha)
				if score > alpha && !sr.aborted {
					score = -sr.search(&child, depth-1, 1, -beta, -alpha)
				}
			}
		}
		if sr.aborted {
			break
		}
		moves[i].score = score
		if score > alpha {
			alpha, best = score, i
		}
	}
	return best, alpha
}
