package amplitude

// Among poses of equal score, the computer prefers, on purpose, the one
// that opens least and keeps the better rack (tieValue): most of its
// turns offer some 28 poses of its best score, and the first one found
// is no better than a random one (a greedy player breaking ties at random
// beats it). What a pose opens is the room it leaves across its new
// tokens, where the next player's pose may cross them: each empty square
// in line across one, up to openReach on either side. What it keeps is
// its leave, the rack less the tokens placed: a digit held twice is worth
// less (two of one digit make fewer formulas than two digits), a rack of
// only high or only low digits too.
const (
	openReach    = 4
	dupCost      = 3
	lopsidedCost = 2
)

// tieValue is how much the computer likes seat's pose of line from q
// (down or across) among poses of its score: higher is better.
func (s *State) tieValue(seat int, q square, down bool, line []byte) int {
	return -s.opening(q, down, line) - s.leaveCostOf(seat, Move{At: q, Down: down, Line: line})
}

// opening is the room across the new tokens of a pose of line from q.
func (s *State) opening(q square, down bool, line []byte) int {
	open := 0
	for i := range line {
		if p := q.step(down, i); s.board[p] == 0 {
			open += s.room(p, !down)
		}
	}
	return open
}

// leaveCostOf is leaveCost of what seat keeps of its rack after pose m.
func (s *State) leaveCostOf(seat int, m Move) int {
	var count [10]int
	for _, d := range s.racks[seat] {
		count[d]++
	}
	for i, d := range m.Line {
		if s.board[m.At.step(m.Down, i)] == 0 {
			count[d]--
		}
	}
	return leaveCost(count)
}

// room counts the empty squares in line with q across direction down, on
// either side of it, up to openReach each way, stopping at a token or the
// board's edge.
func (s *State) room(q square, down bool) int {
	n := 0
	r, c := q.row(), q.col()
	dr, dc := 0, 1
	if down {
		dr, dc = 1, 0
	}
	for _, sign := range []int{-1, 1} {
		for i := 1; i <= openReach; i++ {
			rr, cc := r+sign*i*dr, c+sign*i*dc
			if rr < 0 || rr >= size || cc < 0 || cc >= size || s.board[at(rr, cc)] != 0 {
				break
			}
			n++
		}
	}
	return n
}

// leaveCost is what a leave (a count per digit) lacks: dupCost for each
// token whose digit is held already, lopsidedCost for each token of the
// more numerous side beyond the other's, low digits (1–4) against high
// ones (5–9).
func leaveCost(count [10]int) int {
	cost, low, high := 0, 0, 0
	for d, n := range count {
		if n > 1 {
			cost += dupCost * (n - 1)
		}
		if d >= 1 && d <= 4 {
			low += n
		} else {
			high += n
		}
	}
	diff := low - high
	if diff < 0 {
		diff = -diff
	}
	if diff > 1 {
		cost += lopsidedCost * (diff - 1)
	}
	return cost
}
