package amplitude

import (
	"slices"

	"pbem/engine"
)

// eachPose calls yield with every legal pose seat could make now, and its
// score (doubled when due), until yield returns false. line is scratch
// memory, valid only during the call.
//
// It walks every row and column once, lists the segments a pose could fill
// (whole runs, crossing tokens that are never side by side, new squares with
// nothing beside them), then fills their empty squares with every ordering of
// the rack's tokens and asks the memoised best-formula search about each
// line. That agrees with judgePose by construction, and the property test
// checks it.
func (s *State) eachPose(seat int, yield func(at square, down bool, line []byte, score int) bool) {
	rack := s.racks[seat]
	if len(rack) == 0 {
		return
	}
	f := filler{forbidden: s.opts.forbidden, mult: 1, yield: yield}
	if seat == s.starter && !s.starterPosed {
		f.mult = 2
	}
	for _, d := range rack {
		f.counts[d]++
	}
	if s.board.empty() {
		s.firstPoses(&f, len(rack))
		return
	}
	for _, down := range []bool{false, true} {
		for idx := range size {
			if !s.lineSegments(&f, down, idx, len(rack)) {
				return
			}
		}
	}
}

// firstPoses offers the lines that start or end on the centre.
func (s *State) firstPoses(f *filler, most int) {
	for _, down := range []bool{false, true} {
		for n := 3; n <= most; n++ {
			for _, start := range []square{centre, centre.step(down, -(n - 1))} {
				f.at, f.down = start, down
				f.line = f.line[:0]
				f.holes = f.holes[:0]
				for i := range n {
					f.line = append(f.line, 0)
					f.holes = append(f.holes, i)
				}
				if !f.fill(0) {
					return
				}
			}
		}
	}
}

// lineSegments offers every segment of one row (down false) or column.
func (s *State) lineSegments(f *filler, down bool, idx, most int) bool {
	var cell [size]byte
	var free [size]bool
	for i := range size {
		q := at(idx, i)
		if down {
			q = at(i, idx)
		}
		cell[i] = s.board[q]
		if cell[i] == 0 {
			_, touching := s.board.sideNeighbour(q, down)
			free[i] = !touching
		}
	}
	for a := range size {
		if a > 0 && cell[a-1] != 0 {
			continue
		}
		empties, crossed := 0, 0
		for b := a; b < size; b++ {
			if cell[b] == 0 {
				if !free[b] || empties == most {
					break
				}
				empties++
			} else {
				if b > a && cell[b-1] != 0 {
					break
				}
				crossed++
			}
			if b-a+1 < 3 || crossed == 0 || empties == 0 || (b+1 < size && cell[b+1] != 0) {
				continue
			}
			f.at, f.down = at(idx, a), down
			if down {
				f.at = at(a, idx)
			}
			f.line = append(f.line[:0], cell[a:b+1]...)
			f.holes = f.holes[:0]
			for i, d := range f.line {
				if d == 0 {
					f.holes = append(f.holes, i)
				}
			}
			if !f.fill(0) {
				return false
			}
		}
	}
	return true
}

// filler tries every ordering of rack tokens in a segment's empty squares.
type filler struct {
	forbidden bool
	mult      int
	counts    [10]int // rack tokens still free
	at        square
	down      bool
	line      []byte
	holes     []int
	yield     func(at square, down bool, line []byte, score int) bool
	plain     *plainSearch // the searches' memory, shared by the lines
}

func (f *filler) fill(h int) bool {
	if h == len(f.holes) {
		if !f.forbidden && len(f.line) > tableLineLen && f.plain == nil {
			f.plain = newPlainSearch()
		}
		if score := bestScoreIn(f.plain, f.line, f.forbidden); score > 0 {
			return f.yield(f.at, f.down, f.line, int(score)*f.mult)
		}
		return true
	}
	for d := byte(1); d <= 9; d++ {
		if f.counts[d] == 0 {
			continue
		}
		f.counts[d]--
		f.line[f.holes[h]] = d
		ok := f.fill(h + 1)
		f.counts[d]++
		if !ok {
			return false
		}
	}
	return true
}

// CanPose reports whether seat could make any legal pose now, stopping at the
// first one found.
func (s *State) CanPose(seat int) bool {
	found := false
	s.eachPose(seat, func(square, bool, []byte, int) bool {
		found = true
		return false
	})
	return found
}

// Poses lists every legal pose of seat with its score, in a fixed order.
func (s *State) Poses(seat int) []ScoredMove {
	var out []ScoredMove
	s.eachPose(seat, func(q square, down bool, line []byte, score int) bool {
		out = append(out, ScoredMove{Move{Kind: Pose, At: q, Down: down, Line: slices.Clone(line)}, score})
		return true
	})
	return out
}

// ScoredMove is a generated pose and the points it would earn.
type ScoredMove struct {
	Move  Move
	Score int
}

// LegalMoves lists every move seat may play now: on its turn, poses,
// exchanges the bag allows and pass; then, in turn or not, draw unless seat
// has agreed to the pending offer already, decline while an offer is
// pending, and resign.
func (s *State) LegalMoves(seat int) []engine.Move {
	if s.over || seat < 0 || seat >= len(s.racks) || s.resigned[seat] {
		return nil
	}
	var out []engine.Move
	if seat == s.toMove {
		for _, p := range s.Poses(seat) {
			out = append(out, p.Move)
		}
		for _, t := range subMultisets(s.racks[seat]) {
			if len(t) <= len(s.bag) {
				out = append(out, Move{Kind: Exchange, Tokens: t})
			}
		}
		out = append(out, Move{Kind: Pass})
	}
	if !s.agreed.Agreed(seat) {
		out = append(out, Move{Kind: Draw})
	}
	if s.agreed.Pending() {
		out = append(out, Move{Kind: Decline})
	}
	return append(out, Move{Kind: Resign})
}

// subMultisets lists the distinct non-empty sub-multisets of a sorted rack.
func subMultisets(rack []byte) [][]byte {
	out := [][]byte{nil}
	for i := 0; i < len(rack); {
		j := i
		for j < len(rack) && rack[j] == rack[i] {
			j++
		}
		var grown [][]byte
		for _, base := range out {
			for k := 0; k <= j-i; k++ {
				grown = append(grown, append(slices.Clone(base), rack[i:i+k]...))
			}
		}
		out, i = grown, j
	}
	return out[1:]
}

// BotMove is the computer player's move: the highest-scoring pose (on a
// tie the one it likes best, tieValue, then the first found), else an exchange of as many tokens as the bag allows,
// duplicates and high digits first, else a pass. It never offers nor
// accepts a draw: facing an offer it plays on, which refuses it.
func (s *State) BotMove(seat int) (engine.Move, error) {
	if err := s.checkTurn(seat, Move{Kind: Pass}); err != nil {
		return nil, err
	}
	var best Move
	bestScore, bestTie := 0, 0
	s.eachPose(seat, func(q square, down bool, line []byte, score int) bool {
		if score < bestScore {
			return true
		}
		tie := s.tieValue(seat, q, down, line)
		if score > bestScore || tie > bestTie {
			best, bestScore, bestTie = Move{Kind: Pose, At: q, Down: down, Line: slices.Clone(line)}, score, tie
		}
		return true
	})
	if bestScore > 0 {
		return best, nil
	}
	k := min(len(s.racks[seat]), len(s.bag))
	if k == 0 {
		return Move{Kind: Pass}, nil
	}
	return Move{Kind: Exchange, Tokens: exchangeChoice(s.racks[seat], k)}, nil
}

// exchangeChoice picks k tokens to give back: duplicates first, then the
// highest digits, which combine into fewer small results.
func exchangeChoice(rack []byte, k int) []byte {
	var count [10]int
	for _, d := range rack {
		count[d]++
	}
	order := slices.Clone(rack)
	slices.SortStableFunc(order, func(a, b byte) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return int(b) - int(a)
	})
	out := order[:k]
	slices.Sort(out)
	return out
}
