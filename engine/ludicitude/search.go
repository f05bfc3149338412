package ludicitude

import (
	"math/bits"
	"slices"

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
	// weights are the evaluation's; nil for defaultWeights.
	weights *weights
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
	return s.botMoveWeighed(seat, seed, nil)
}

// botMoveWeighed is BotMoveSeeded with the evaluation's weights w (nil for
// the default ones), for the tuning run to set two versions against each
// other.
func (s *State) botMoveWeighed(seat int, seed uint64, w *weights) (engine.Move, error) {
	lim := Limits{Nodes: int64(s.opts.botNodes), weights: w}
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

// searcher is one search's working memory; the search itself plays on
// copies of the board.
type searcher struct {
	tt      []ttEntry
	ttMask  uint64
	nodes   int64
	lim     Limits
	w       *weights // the evaluation's weights
	margin  int      // root moves scoring less than this below the best are near (SearchResult.Near)
	side    uint8    // the side that searches
	enforce bool     // the bounds apply once depth 1 is complete
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
	sr := &searcher{tt: table(size), ttMask: size - 1, lim: lim, margin: max(lim.Margin, 0), w: lim.weights}
	if sr.w == nil {
		sr.w = &defaultWeights
	}
	if n := len(seen); n > 1 {
		sr.history = slices.Clone(seen[max(0, n-1-quiet) : n-1])
		slices.Sort(sr.history)
	}
	return sr
}
