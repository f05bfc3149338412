package chiffres

import (
	"slices"

	"pbem/engine"
)

// The strong level's look ahead. It cannot see the other hands nor the
// bank's order, so it imagines up to strongSamples worlds: the tokens it
// cannot see dealt afresh, at random, to the other hands and the bank,
// the likely ones first (likely: the last placement fits them). In each
// it plays each of its strongCandidates best placements by score and
// searches strongDepth plies (its placement, the reply, its own next, the
// next reply), each side taking the line that leaves it furthest ahead,
// and measures its lead at the end of that line (the end of the game, its
// penalties and who wins included). It plays the placement whose lead,
// summed over the worlds, is highest. It stops imagining worlds once
// strongNodes positions are searched: a cap by work, not by clock. Once
// the bank is empty in a game of two, nothing is hidden: it searches the
// true position to the game's end (endgame).
//
// Over 200 games each (seeds 1 to 3), strong beats the blocker, which
// sees the hidden tokens, 0.52 to 0.57 a game, and greedy 0.69
// (docs/chiffres.md).
const (
	strongCandidates = 16
	strongSamples    = 24
	strongDepth      = 4
	strongNodes      = 100_000
)

// winLead is what winning adds to a lead: more than any score.
const winLead = 1 << 20

// strongMove is the strong level's choice for seat, seed drawing the
// worlds it imagines.
func (s *State) strongMove(seat int, seed uint64) (engine.Move, error) {
	if err := s.ownTurn(seat); err != nil {
		return nil, err
	}
	moves := s.Generate(seat, nil)
	if len(moves) == 0 {
		return Move{Kind: Pass}, nil
	}
	cands := bestByScore(moves, strongCandidates)
	if len(cands) == 1 {
		return cands[0].Move, nil
	}
	if s.allSeen(seat) {
		if m, ok := s.endgame(seat, moves); ok {
			return m, nil
		}
	}
	r := engine.NewRand(seed)
	worlds := s.worlds(seat, r, strongSamples)
	total := make([]int, len(cands))
	e := lookAhead{budget: 1 << 30}
	for _, w := range worlds {
		for i, c := range cands {
			v, _ := e.after(w, seat, c.Move, seat, strongDepth-1, -2*winLead, 2*winLead)
			total[i] += v
		}
		if 1<<30-e.budget >= strongNodes {
			break // the worlds seen so far are enough work
		}
	}
	best := 0
	for i := range cands {
		if total[i] > total[best] {
			best = i
		}
	}
	return cands[best].Move, nil
}

// bestByScore is moves' width highest-scoring, the highest first; among
// equal scores the token worth fewest points first, as BotMove prefers.
func bestByScore(moves []ScoredMove, width int) []ScoredMove {
	out := make([]ScoredMove, 0, width)
	for _, m := range moves {
		i := len(out)
		for i > 0 && better(m, out[i-1]) {
			i--
		}
		if i >= width {
			continue
		}
		if len(out) < width {
			out = append(out, ScoredMove{})
		}
		copy(out[i+1:], out[i:])
		out[i] = m
	}
	return out
}

// better is whether a comes before b in BotMove's order.
func better(a, b ScoredMove) bool {
	return a.Score > b.Score || a.Score == b.Score && points(a.Move.Digit) < points(b.Move.Digit)
}

// worlds are n copies of s with the tokens seat cannot see (the other
// hands and the bank) dealt afresh with r, each hand keeping its size:
// the positions seat might be in. When seat sees everything hidden but
// in one hand (a game of two with the bank empty), the one true world.
// Two positions that look alike to seat give the same worlds for one r.
func (s *State) worlds(seat int, r *engine.Rand, n int) []*State {
	var unseen []byte
	for o := range s.hands {
		if o == seat || s.resigned[o] {
			continue
		}
		unseen = append(unseen, s.hands[o].digits()...)
	}
	if s.allSeen(seat) {
		return []*State{s}
	}
	for i := range len(s.bank) {
		unseen = append(unseen, s.bank[i]-'0')
	}
	slices.Sort(unseen) // the worlds depend on nothing seat cannot see but r
	var out, unlikely []*State
	for try := 0; len(out) < n && try < inferTries*n; try++ {
		r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
		w := s.clone()
		rest := unseen
		for o := range w.hands {
			if o == seat || w.resigned[o] {
				continue
			}
			size := w.hands[o].size()
			w.hands[o] = hand{}
			for _, d := range rest[:size] {
				w.hands[o][d]++
			}
			rest = rest[size:]
		}
		bank := make([]byte, len(rest))
		for i, d := range rest {
			bank[i] = '0' + d
		}
		w.bank = string(bank)
		if w.likely(seat) {
			out = append(out, w)
		} else {
			unlikely = append(unlikely, w)
		}
	}
	for len(out) < n && len(unlikely) > 0 {
		out, unlikely = append(out, unlikely[0]), unlikely[1:]
	}
	return out
}

// The worlds' inference: a world where the last placement's player held,
// besides the token it drew after it, a token that would have scored
// over inferMargin points more than the placement it chose, is unlikely,
// as a player takes its points; the worlds are drawn again, up to
// inferTries times as many as needed, before unlikely ones make up the
// count.
const (
	inferMargin = 5
	inferTries  = 8
)

// likely reports whether w is a likely world for seat by the last
// placement, another seat's: that seat's hand in w held at most one
// token (the one it drew since) that would have scored more than
// inferMargin points over its placement, on the board as it was.
func (w *State) likely(seat int) bool {
	l := w.last
	if l == nil || l.Seat == seat || w.resigned[l.Seat] {
		return true
	}
	h := w.hands[l.Seat]
	pre := *w
	pre.board[l.At] = empty
	var better [10]bool
	for q := range Square(cells) {
		d := pre.layout.printed[q]
		if d < 0 || h[d] == 0 || better[d] || pre.board[q] != empty || !pre.touches(q) {
			continue
		}
		if pre.score(q, int(d)) > l.Score+inferMargin {
			better[d] = true
		}
	}
	held := 0
	for d, b := range better {
		if b {
			held += int(h[d])
		}
	}
	return held <= 1
}

// allSeen reports whether seat sees all that is hidden but one hand,
// which is then the tokens it cannot see: a game of two, the bank empty.
func (s *State) allSeen(seat int) bool { return s.bank == "" && s.active() == 2 && !s.resigned[seat] }

// lead is seat's lead in s (engine.Lead), a win worth winLead: the end
// of the game's penalties are in the scores once it is over.
func (s *State) lead(seat int) int {
	var winners []int
	if s.over {
		winners = s.Winners()
	}
	return engine.Lead(s.scores, s.resigned, seat, s.over, winners, winLead)
}

// endgameNodes caps the endgame search's work: the positions it may
// visit for one move, over all its depths.
const endgameNodes = 20_000

// endgame is seat's best placement in s when nothing is hidden (a game of
// two, the bank empty), by an alpha-beta search of the moves to come, one
// more ply each round until the game's end is reached or the work cap
// stops a round (the last finished round's choice then stands); false
// when the first round cannot finish.
func (s *State) endgame(seat int, moves []ScoredMove) (Move, bool) {
	budget := endgameNodes
	var best Move
	found := false
	for depth := 1; depth <= 2*handSize+2; depth++ { // both hands played out
		e := lookAhead{budget: budget}
		m, exact, ok := e.root(s, seat, moves, depth)
		if !ok {
			break
		}
		best, found = m, true
		if exact {
			break
		}
	}
	return best, found
}

// lookAhead is a search of the moves to come, within a budget of
// positions: one round of the endgame's, or the worlds' searches.
type lookAhead struct {
	budget int
	cut    bool // leaves cut by depth were met: deeper may change the answer
}

// root is seat's best placement of moves in s, searching depth plies,
// whether the search saw every line to the game's end, and false when
// the budget ran out.
func (e *lookAhead) root(s *State, seat int, moves []ScoredMove, depth int) (Move, bool, bool) {
	order := bestByScore(moves, len(moves))
	best, bestValue := order[0].Move, -2*winLead
	for _, m := range order {
		v, ok := e.after(s, seat, m.Move, seat, depth-1, bestValue, 2*winLead)
		if !ok {
			return Move{}, false, false
		}
		if v > bestValue {
			best, bestValue = m.Move, v
		}
	}
	return best, !e.cut, true
}

// after is seat's lead once mover has played m in s, both sides then
// playing their best for depth more plies, within the window alpha to
// beta; false when the budget ran out.
func (e *lookAhead) after(s *State, mover int, m Move, seat, depth, alpha, beta int) (int, bool) {
	if e.budget--; e.budget < 0 {
		return 0, false
	}
	n := s.quickPlace(mover, m)
	if n.over {
		return n.lead(seat), true
	}
	if depth == 0 {
		e.cut = true
		return n.lead(seat), true
	}
	mover = n.toMove
	moves := bestByScore(n.Generate(mover, nil), cells)
	best := 2 * winLead
	if mover == seat {
		best = -2 * winLead
	}
	for _, r := range moves {
		var v int
		var ok bool
		if mover == seat {
			v, ok = e.after(n, mover, r.Move, seat, depth-1, max(alpha, best), beta)
			best = max(best, v)
		} else {
			v, ok = e.after(n, mover, r.Move, seat, depth-1, alpha, min(beta, best))
			best = min(best, v)
		}
		if !ok {
			return 0, false
		}
		if best >= beta && mover == seat || best <= alpha && mover != seat {
			break
		}
	}
	return best, true
}

// quickPlace is s after seat places m, a legal placement, as Apply has it
// but without the words of the outcome nor the last placement's detail:
// the look ahead's step.
func (s *State) quickPlace(seat int, m Move) *State {
	n := s.clone()
	n.moves++
	n.last = nil
	n.scores[seat] += n.score(m.At, m.Digit)
	n.board[m.At] = int8(m.Digit)
	n.hands[seat][m.Digit]--
	n.draw(seat)
	if n.hands[seat].size() == 0 {
		n.finish(endOut, nil)
	} else {
		n.advance(seat, nil)
	}
	return n
}
