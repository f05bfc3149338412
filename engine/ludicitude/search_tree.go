package ludicitude

import "slices"

// tick counts a node and reports whether the search must stop.
func (sr *searcher) tick() bool {
	sr.nodes++
	if sr.enforce && !sr.aborted {
		if sr.lim.Nodes > 0 && sr.nodes >= sr.lim.Nodes {
			sr.aborted = true
		} else if sr.lim.Stop != nil && sr.nodes&1023 == 0 && sr.lim.Stop() {
			sr.aborted = true
		}
	}
	return sr.aborted
}

// repeated reports whether b occurred before since the last capture, on the
// search path or in the game: the search scores a repetition as a draw
// (the rules draw only on the third occurrence, but a line that repeats
// once can repeat again).
func (sr *searcher) repeated(b *board, ply int) bool {
	lo := ply - int(b.quiet)
	for i := ply - 1; i >= max(lo, 0); i-- {
		if sr.path[i] == b.hash {
			return true
		}
	}
	if lo < 0 {
		_, found := slices.BinarySearch(sr.history, b.hash)
		return found
	}
	return false
}

// search is the alpha-beta search of b to depth, b reached at ply.
func (sr *searcher) search(b *board, depth, ply, alpha, beta int) int {
	if sr.tick() {
		return 0
	}
	if b.quiet >= quietLimit || sr.repeated(b, ply) {
		return sr.drawScore(b)
	}
	if depth <= 0 || ply >= maxPly {
		return sr.quiesce(b, ply, alpha, beta)
	}
	e := &sr.tt[b.hash&sr.ttMask]
	ttMove := noAction
	if e.key == b.hash && e.bound != boundNone {
		ttMove = e.move
		if int(e.depth) >= depth {
			score := scoreFromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && score >= beta,
				e.bound == boundUpper && score <= alpha:
				return score
			}
		}
	}
	moves := b.actions(sr.moves[ply][:0])
	if len(moves) == 0 {
		return sr.pass(b, depth, ply, alpha, beta)
	}
	keys := sr.keys[ply][:len(moves)]
	sr.order(b, moves, keys, ply, ttMove)
	alpha0 := alpha
	best, bestMove := -infinity, noAction
	for i := range moves {
		pickBest(moves, keys, i)
		m := moves[i]
		child := &sr.boards[ply+1]
		*child = *b
		won, captured := child.play(m)
		var score int
		if won {
			score = mateScore - ply - 1
		} else {
			sr.path[ply+1] = child.hash
			if i == 0 {
				score = -sr.search(child, depth-1, ply+1, -beta, -alpha)
			} else {
				score = -sr.search(child, depth-1, ply+1, -alpha-1, -alpha)
				if score > alpha && score < beta && !sr.aborted {
					score = -sr.search(child, depth-1, ply+1, -beta, -alpha)
				}
			}
		}
		if sr.aborted {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				if alpha >= beta {
					if captured == 0 {
						sr.cutoff(b, m, depth, ply)
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best <= alpha0:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	*e = ttEntry{key: b.hash, move: bestMove, score: int16(scoreToTT(best, ply)), depth: int8(depth), bound: bound}
	return best
}

// drawScore is a draw for the side to move in b, with the searching
// side's contempt and its whole fear of the draw (weights.drawFear).
func (sr *searcher) drawScore(b *board) int {
	if b.side == sr.side {
		return -contempt - sr.w.drawFear
	}
	return contempt + sr.w.drawFear
}

// drawFear is what the quiet turns gone by cost the searching side in b,
// from the side to move's view: the closer the quiet-turn draw, the more
// the searching side prefers a line that captures, whoever captures, to
// one that keeps the board as it is. The opponent is assumed content with
// the draw, so the searching side seeks the exchange; both sides of a game
// between computers seek it, and the game comes to a decision.
func (sr *searcher) drawFear(b *board) int {
	fear := sr.w.drawFear * min(int(b.quiet), sr.w.fearFull) / sr.w.fearFull
	if b.side == sr.side {
		return -fear
	}
	return fear
}

// pass searches the position after the side to move, without any action,
// is passed: a draw when the other side cannot act either.
func (sr *searcher) pass(b *board, depth, ply, alpha, beta int) int {
	child := *b
	child.endTurn(false)
	if child.won(int(b.side)) {
		return mateScore - ply - 1
	}
	if !child.canAct() {
		return sr.drawScore(b)
	}
	sr.path[ply+1] = child.hash
	return -sr.search(&child, depth-1, ply+1, -beta, -alpha)
}

// quiesce searches captures only, until the position is quiet, so that the
// evaluation never judges a position in the middle of an exchange.
func (sr *searcher) quiesce(b *board, ply, alpha, beta int) int {
	if sr.tick() {
		return 0
	}
	stand := b.eval(sr.w) + sr.drawFear(b)
	if stand >= beta || ply >= maxPly {
		return stand
	}
	alpha = max(alpha, stand)
	targets := b.captureSquares()
	if targets == 0 {
		return stand
	}
	best := stand
	for _, m := range b.slides(sr.moves[ply][:0]) {
		if targets&bit(m.to()) == 0 {
			continue
		}
		child := &sr.boards[ply+1]
		*child = *b
		won, captured := child.play(m)
		if captured == 0 {
			continue
		}
		score := mateScore - ply - 1
		if !won {
			score = -sr.quiesce(child, ply+1, -beta, -alpha)
		}
		if sr.aborted {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// order gives each move a sort key: the transposition table's move, then
// captures, then the killers of this ply, then by history.
func (sr *searcher) order(b *board, moves []action, keys []int32, ply int, ttMove action) {
	targets := b.captureSquares()
	k := &sr.killers[ply]
	h := &sr.hist[b.side]
	for i, m := range moves {
		switch {
		case m == ttMove:
			keys[i] = 1 << 30
		case targets&bit(m.to()) != 0:
			keys[i] = 1<<29 + h[m.from()][m.to()]
		case m == k[0]:
			keys[i] = 1 << 28
		case m == k[1]:
			keys[i] = 1<<28 - 1
		default:
			keys[i] = h[m.from()][m.to()]
		}
	}
}

// cutoff remembers a quiet move that refuted a position.
func (sr *searcher) cutoff(b *board, m action, depth, ply int) {
	k := &sr.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := &sr.hist[b.side][m.from()][m.to()]
	*h = min(*h+int32(depth*depth), 1<<27)
}

// pickBest moves the best remaining move to index i.
func pickBest(moves []action, keys []int32, i int) {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	keys[i], keys[best] = keys[best], keys[i]
}
