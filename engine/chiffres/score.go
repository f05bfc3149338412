package chiffres

import (
	"fmt"
	"strconv"
	"strings"
)

// The run bonuses: a number of 3 tokens earns 5 more, of 4 tokens 10 more,
// of 5 or more (five of them counted) 20 more; K and ± squares 10 either way.
const (
	bonus3    = 5
	bonus4    = 10
	bonus5    = 20
	markValue = 10
	window    = 5 // tokens counted in a run of 5 or more
)

// points is what a token of digit d is worth: d, and 10 for a 0.
func points(d int) int {
	if d == 0 {
		return 10
	}
	return d
}

// run is the maximal line of adjacent tokens through a new token, in one
// direction, with the new token in it: the points of each token in order.
type run struct {
	pts [size]int
	n   int // tokens in the run
	at  int // the new token's index in pts
}

// runThrough collects the run through q across (down false) or down, as if
// a token d stood on q.
func (s *State) runThrough(q Square, d int, down bool) run {
	step, pos, lim := 1, q.Col(), size
	if down {
		step, pos = size, q.Row()
	}
	first := pos
	for first > 0 && s.board[int(q)-(pos-first+1)*step] != empty {
		first--
	}
	var r run
	for i := first; i < lim; i++ {
		sq := int(q) + (i-pos)*step
		switch {
		case i == pos:
			r.pts[r.n], r.at = points(d), r.n
		case s.board[sq] == empty: // only after q: the run's start was found above
			return r
		default:
			r.pts[r.n] = points(int(s.board[sq]))
		}
		r.n++
	}
	return r
}

// value is what the run earns and which tokens count: all of them up to 4,
// else the best window of five consecutive tokens that holds the new one.
func (r *run) value() (score, lo, hi int) {
	switch {
	case r.n < 2:
		return 0, 0, 0
	case r.n < window:
		sum := 0
		for _, p := range r.pts[:r.n] {
			sum += p
		}
		return sum + runBonus(r.n), 0, r.n
	}
	best, bestLo := -1, 0
	for start := max(0, r.at-window+1); start <= r.at && start+window <= r.n; start++ {
		sum := 0
		for _, p := range r.pts[start : start+window] {
			sum += p
		}
		if sum > best {
			best, bestLo = sum, start
		}
	}
	return best + bonus5, bestLo, bestLo + window
}

// runBonus is what a run of n tokens earns beyond its tokens' points.
func runBonus(n int) int {
	switch {
	case n >= window:
		return bonus5
	case n == 4:
		return bonus4
	case n == 3:
		return bonus3
	}
	return 0
}

// score is what laying d on q earns: both runs through it, and the mark of
// its square. The move generator calls it for every placement it lists.
func (s *State) score(q Square, d int) int {
	across, down := s.runThrough(q, d, false), s.runThrough(q, d, true)
	a, _, _ := across.value()
	b, _, _ := down.value()
	return a + b + s.markPoints(q)
}

func (s *State) markPoints(q Square) int {
	switch s.layout.marks[q] {
	case Bonus:
		return markValue
	case Malus:
		return -markValue
	}
	return 0
}

// explain says how the score of laying d on q adds up, for the players:
// "across 6+4+3 +5 = 18, down 10+4 = 14, K +10".
func (s *State) explain(q Square, d int) string {
	var parts []string
	for _, dir := range []struct {
		name string
		down bool
	}{{"across", false}, {"down", true}} {
		r := s.runThrough(q, d, dir.down)
		score, lo, hi := r.value()
		if r.n < 2 {
			continue
		}
		terms := make([]string, 0, hi-lo)
		for _, p := range r.pts[lo:hi] {
			terms = append(terms, strconv.Itoa(p))
		}
		text := dir.name + " "
		if r.n > window {
			text += fmt.Sprintf("best five of %d: ", r.n)
		}
		text += strings.Join(terms, "+")
		if b := runBonus(r.n); b > 0 {
			text += fmt.Sprintf(" +%d", b)
		}
		parts = append(parts, fmt.Sprintf("%s = %d", text, score))
	}
	switch s.layout.marks[q] {
	case Bonus:
		parts = append(parts, fmt.Sprintf("K +%d", markValue))
	case Malus:
		parts = append(parts, fmt.Sprintf("malus -%d", markValue))
	}
	return strings.Join(parts, ", ")
}
