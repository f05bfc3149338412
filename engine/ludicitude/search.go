package ludicitude

import (
	"math/bits"
	"slices"
	"sync"

	"pbem/engine"
)

// Search bounds and scores.
const (
	infinity  = 32000
	mateScore = 30000 // a win found at ply p scores mateScore - p
	mateBound = mateScore - 1000
	maxPly    = 64
	maxDepth  = 40
	// maxRootVariants bounds the ways of choosing promotions tried for one
	// capturing slide at the root.
	maxRootVariants = 64
	// acceptDrawBelow: the computer player accepts a draw offer when it
	// judges its position worse than this.
	acceptDrawBelow = -150
	// contempt is what the computer player gives up to avoid a draw by
	// repetition or by quiet turns: it plays on while it judges its
	// position better than a small loss.
	contempt = 25
	// varietyMargin is how much worse than its best a move may score and
	// still be chosen by a seeded computer player: 0.15 cube, half a level
	// gained and far less than a cube lost, about what a few squares of
	// mobility are worth, so that games differ without the player giving
	// anything away.
	varietyMargin = 15
)

// Limits bound one search. Iterative deepening stops at the first bound
// reached; with none given the game's bot_nodes budget applies. Node and
// depth bounds make the result depend on the position only, so a game
// replays; Stop lets a caller add a deadline the engine never reads itself.
type Limits struct {
	Nodes int64       // positions to search at most; 0 for no node bound
	Depth int         // the deepest iteration; 0 for no depth bound
	Stop  func() bool // polled every 1024 positions; true stops the search
	// Margin, when positive, asks also for the root moves that score less
	// than Margin below the best (SearchResult.Near): once the search is
	// done, as it would be without, each move whose bound leaves it a
	// chance is tested, within a quarter of Nodes more; 0 searches for the
	// best move only.
	Margin int
}

// SearchResult is the computer player's answer and how it was found.
type SearchResult struct {
	Move  Move  // the best action found, every promotion named
	Score int   // for the seat that searched, in hundredths of a cube; beyond ±29000 a forced win or loss
	Depth int   // the deepest iteration completed
	Nodes int64 // the positions searched, quiescence included
	// Near are, when Limits.Margin is positive, the root moves found to
	// score less than Margin below the best at the deepest completed
	// iteration: the best first, then the others; none while the best is
	// a forced win or loss, as only the fastest win and the longest
	// defence are worth playing then.
	Near []ScoredMove
}

// ScoredMove is a root move with its score for the seat that searched:
// exact for the best move, and for the others of SearchResult.Near a lower
// bound, at most the best's, that keeps them within the margin.
type ScoredMove struct {
	Move  Move
	Score int
}

// BotMove is the computer player's choice for seat: the best action found
// by Search within the game's bot_nodes budget, or "draw" to accept the
// other seat's offer when it judges its own position clearly worse.
func (s *State) BotMove(seat int) (engine.Move, error) {
	return s.BotMoveSeeded(seat, 0)
}

var _ engine.SeededBot = (*State)(nil)

// BotMoveSeeded is the computer player's choice for seat with variety, so
// that games between computers do not all repeat one game: the search
// keeps every root move that scores less than varietyMargin below the
// best, and seed picks one of them (through engine.Rand, so the choice
// stays the same on every Go version). The same position and seed always
// give the same move; seed 0 plays the best move, as BotMove, and so does
// a forced win or loss. A draw offer is answered as BotMove answers it.
func (s *State) BotMoveSeeded(seat int, seed uint64) (engine.Move, error) {
	lim := Limits{Nodes: int64(s.opts.botNodes)}
	if seed != 0 {
		lim.Margin = varietyMargin
	}
	r, err := s.Search(seat, lim)
	if err != nil {
		return nil, err
	}
	if s.offer == seat^1 && r.Score < acceptDrawBelow {
		return Move{Kind: Draw}, nil
	}
	if len(r.Near) > 1 {
		return r.Near[engine.NewRand(seed).IntN(len(r.Near))].Move, nil
	}
	return r.Move, nil
}

// Search looks for seat's best action: iterative-deepening alpha-beta
// (principal variation search) with a transposition table, killer and
// history move ordering and a quiescence search of captures. At the root
// every way of choosing a capture's promotions is tried; deeper, the
// server's default choice stands for them.
func (s *State) Search(seat int, lim Limits) (SearchResult, error) {
	if err := s.checkSeat(seat, Move{Kind: Slide}); err != nil {
		return SearchResult{}, err
	}
	if lim.Nodes <= 0 && lim.Depth <= 0 && lim.Stop == nil {
		lim.Nodes = int64(s.opts.botNodes)
	}
	moves := rootMoves(&s.b)
	if len(moves) == 0 {
		return SearchResult{}, engine.Refuse("%s has no legal action", colour[seat])
	}
	sr := newSearcher(lim, s.seen, int(s.b.quiet))
	sr.side = s.b.side
	tt := sr.tt // not &sr.tt, which would keep the whole searcher in the pool
	defer tables.Put(&tt)
	return sr.run(&s.b, moves), nil
}

// tables keeps the transposition tables of the searches done (*[]ttEntry)
// for the next: a table is up to 16 MiB (1 MiB at the default budget),
// which a search allocating its own would leave to the collector at every
// move, the daemon's heap growing by as much again before it is collected.
var tables sync.Pool

// table is a cleared transposition table of size entries, the one a past
// search left when it is large enough.
func table(size uint64) []ttEntry {
	if p, ok := tables.Get().(*[]ttEntry); ok && uint64(cap(*p)) >= size {
		tt := (*p)[:size]
		clear(tt)
		return tt
	}
	return make([]ttEntry, size)
}

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	move  action
	score int16
	depth int8
	bound uint8
}

const (
	boundNone uint8 = iota
	boundExact
	boundLower
	boundUpper
)

// noAction is never a legal action: a slide from a1 to a1.
const noAction action = 0

// searcher is one search's working memory; the search itself plays on
// copies of the board.
type searcher struct {
	tt      []ttEntry
	ttMask  uint64
	nodes   int64
	lim     Limits
	margin  int   // root moves scoring less than this below the best are near (SearchResult.Near)
	side    uint8 // the side that searches
	enforce bool  // the bounds apply once depth 1 is complete
	aborted bool
	history []uint64 // the game's positions since its last capture, before the root, sorted
	path    [maxPly + 2]uint64
	moves   [maxPly + 1][maxActions]action
	keys    [maxPly + 1][maxActions]int32
	killers [maxPly + 1][2]action
	boards  [maxPly + 2]board // the child positions, one per ply: a copy on the stack would escape (the search recurses) and cost an allocation per node
	hist    [2][64][squares]int32
}

// ttPerNode is how many of a search's nodes share a slot of its
// transposition table: a search visits most positions once, at its
// leaves, and a table of a quarter of its budget keeps what it finds again
// in a quarter of the memory, 1 MiB at the default budget rather than 4,
// which was the most of the daemon's peak. Measured on the 130 corpus
// positions against a table of the whole budget: at the default budget
// the same move in 129, in the same time; at 100,000 nodes the same move
// in 128 (in 127 with a table of 1/16, 124 with 1/64: the move depends
// little on the table's size, and the memory much).
const ttPerNode = 4

func newSearcher(lim Limits, seen []uint64, quiet int) *searcher {
	size := uint64(1) << 20
	if lim.Nodes > 0 {
		size = max(1<<12, min(size, 1<<bits.Len64(uint64(lim.Nodes)))/ttPerNode)
	}
	sr := &searcher{tt: table(size), ttMask: size - 1, lim: lim, margin: max(lim.Margin, 0)}
	if n := len(seen); n > 1 {
		sr.history = slices.Clone(seen[max(0, n-1-quiet) : n-1])
		slices.Sort(sr.history)
	}
	return sr
}

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
// side's contempt.
func (sr *searcher) drawScore(b *board) int {
	if b.side == sr.side {
		return -contempt
	}
	return contempt
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
	stand := b.eval()
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

// Wins are stored relative to the node, not the root.
func scoreToTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
