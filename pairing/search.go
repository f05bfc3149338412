package pairing

import (
	"strings"
)

// search seats the entrants of a round of a Swiss tournament at tables
// of the given sizes with the fewest repeated meetings, by backtracking
// over the score order: the best-ranked entrant not yet seated opens the
// next table and the search tries its companions in the order of
// preference (candidates), so that the first seating found within a
// budget of repeated meetings is the one the rules prefer. Budgets grow
// from 0; the first that seats everyone wins. A remaining set that
// failed within a budget is remembered, so the search is quick even
// when no seating without a rematch exists.
type search struct {
	order  []int // the entrants, by rank
	recs   []record
	points []float64 // by position in order
	sizes  []int
	seats  int
	failed map[string]bool
	nodes  int
}

// nodeLimit bounds one attempt of the search (a budget and a bye): past
// it the attempt counts as failed and the next one is tried, so a
// pathological history costs a rematch rather than hours.
const nodeLimit = 200_000

func newSearch(order []int, recs []record, sizes []int, seats int) *search {
	s := &search{order: order, recs: recs, sizes: sizes, seats: seats, points: make([]float64, len(order))}
	for k, i := range order {
		s.points[k] = recs[i].points
	}
	return s
}

// run finds the seating: the tables (entrants by rank) and the entrant
// who has the bye (-1 for none), trying the bye's candidates (entrant
// indices, or [-1]) in order within each budget.
func (s *search) run(bye bool, candidates []int) ([][]int, int) {
	maxBudget := 0
	for _, n := range s.sizes {
		maxBudget += n * (n - 1) / 2
	}
	for budget := 0; budget <= maxBudget; budget++ {
		s.failed = map[string]bool{}
		for _, c := range candidates {
			left := make([]bool, len(s.order))
			for k, i := range s.order {
				left[k] = i != c
			}
			s.nodes = 0
			var tables [][]int
			if s.seat(left, 0, budget, &tables) {
				for _, t := range tables {
					for k, pos := range t {
						t[k] = s.order[pos]
					}
				}
				return tables, c
			}
		}
	}
	panic("pairing: no seating within every budget") // the last budget allows every rematch
}

// seat fills tables t… from the positions left, within budget repeated
// meetings, appending the tables (positions in order) to out.
func (s *search) seat(left []bool, t, budget int, out *[][]int) bool {
	if t == len(s.sizes) {
		return true
	}
	s.nodes++
	if s.nodes > nodeLimit {
		return false
	}
	key := s.key(left, budget)
	if s.failed[key] {
		return false
	}
	first := -1
	for k, l := range left {
		if l {
			first = k
			break
		}
	}
	left[first] = false
	table := []int{first}
	if s.fill(left, s.candidates(left, first), s.sizes[t]-1, t, budget, table, out) {
		return true
	}
	left[first] = true
	if s.nodes <= nodeLimit {
		s.failed[key] = true
	}
	return false
}

// fill chooses need more companions for table from cands (in order of
// preference), then seats the tables after it.
func (s *search) fill(left []bool, cands []int, need, t, budget int, table []int, out *[][]int) bool {
	if need == 0 {
		*out = append(*out, table)
		if s.seat(left, t+1, budget, out) {
			return true
		}
		*out = (*out)[:len(*out)-1]
		return false
	}
	for ci, c := range cands {
		if len(cands)-ci < need {
			break
		}
		cost := 0
		for _, m := range table {
			if s.recs[s.order[m]].met[s.order[c]] > 0 {
				cost++
			}
		}
		if cost > budget {
			continue
		}
		left[c] = false
		if s.fill(left, cands[ci+1:], need-1, t, budget-cost, append(table, c), out) {
			return true
		}
		left[c] = true
		if s.nodes > nodeLimit {
			return false
		}
	}
	return false
}

// candidates are the positions left that may join first's table, in the
// order of preference. Between two seats, within first's score group
// (those left with its points, first at 0, k in all) the preference is
// the top of the group's lower half (k/2) and down, then back up from
// k/2−1 (so 1 meets k/2+1 and a group pairs its top half against its
// bottom half), then the lower groups in rank order (floating down). At
// bigger tables it is the rank order: tables are filled from the top.
func (s *search) candidates(left []bool, first int) []int {
	var group, rest []int
	for k := first + 1; k < len(left); k++ {
		if !left[k] {
			continue
		}
		if s.seats == 2 && s.points[k] > s.points[first]-eps {
			group = append(group, k)
		} else {
			rest = append(rest, k)
		}
	}
	half := (len(group) + 1) / 2 // k/2 of the group with first, less first
	half = min(max(half-1, 0), len(group))
	out := make([]int, 0, len(group)+len(rest))
	out = append(out, group[half:]...)
	for k := half - 1; k >= 0; k-- {
		out = append(out, group[k])
	}
	return append(out, rest...)
}

// key names a search state: the positions left and the budget.
func (s *search) key(left []bool, budget int) string {
	var b strings.Builder
	b.Grow(len(left)/8 + 4)
	var acc byte
	for k, l := range left {
		if l {
			acc |= 1 << (k % 8)
		}
		if k%8 == 7 {
			b.WriteByte(acc)
			acc = 0
		}
	}
	b.WriteByte(acc)
	b.WriteByte(byte(budget))
	b.WriteByte(byte(budget >> 8))
	return b.String()
}
