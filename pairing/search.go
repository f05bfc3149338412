package pairing

import (
	"slices"
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
	met    [][]bool // by position: met before
	failed map[string]bool
	nodes  int // of the attempt
	total  int // of every attempt
	limit  int // nodeLimit; the tests raise it
}

// nodeLimit bounds one attempt of the search (a budget and a bye), in
// companions tried: past it, between two seats, the exact search takes
// over (exact); at bigger tables the attempt counts as failed and the
// next is tried, until the attempts have cost totalAttempts of them and
// the tables are filled greedily, so that a long history costs a repeated
// meeting rather than minutes.
const nodeLimit = 20_000

func newSearch(order []int, recs []record, sizes []int, seats int) *search {
	s := &search{order: order, recs: recs, sizes: sizes, seats: seats, points: make([]float64, len(order)), limit: nodeLimit}
	s.met = make([][]bool, len(order))
	for k, i := range order {
		s.points[k] = recs[i].points
		s.met[k] = make([]bool, len(order))
		for l, j := range order {
			s.met[k][l] = recs[i].met[j] > 0
		}
	}
	return s
}

// run finds the seating: the tables (entrants by rank) and the entrant
// who has the bye (-1 for none), trying the bye's candidates (entrant
// indices, or [-1]) in order within each budget.
func (s *search) run(candidates []int) ([][]int, int) {
	maxBudget := 0
	for _, n := range s.sizes {
		maxBudget += n * (n - 1) / 2
	}
	for budget := 0; budget <= maxBudget; budget++ {
		s.failed = map[string]bool{}
		for _, c := range candidates {
			left := s.without(c)
			s.nodes = 0
			var tables [][]int
			if s.seat(left, 0, budget, &tables) {
				return s.entrants(tables), c
			}
			s.total += s.nodes
			switch {
			case s.seats == 2 && (s.nodes > s.limit || s.total > s.limit*totalAttempts):
				return s.exact(candidates)
			case s.total > s.limit*totalAttempts:
				return s.greedy(candidates[0])
			}
		}
	}
	panic("pairing: no seating within every budget") // the last budget allows every repeat
}

// totalAttempts bounds the work of a search: past the nodes of that many
// attempts, the exact search takes over between two seats, and at bigger
// tables the tables are filled greedily.
const totalAttempts = 5

// greedy seats the entrants when the search at bigger tables runs long
// (late rounds, every seating repeating meetings): bye to c, the first
// candidate, then each table opened by the best-ranked entrant left and
// filled one by one with the entrant adding the fewest repeated meetings
// to it, the better ranked among equals.
func (s *search) greedy(c int) ([][]int, int) {
	left := s.without(c)
	var tables [][]int
	for _, size := range s.sizes {
		first := slices.Index(left, true)
		left[first] = false
		table := []int{first}
		for len(table) < size {
			pick, fewest := -1, 0
			for k, l := range left {
				if !l {
					continue
				}
				cost := 0
				for _, m := range table {
					cost += b2i(s.met[m][k])
				}
				if pick < 0 || cost < fewest {
					pick, fewest = k, cost
				}
			}
			left[pick] = false
			table = append(table, pick)
		}
		tables = append(tables, table)
	}
	return s.entrants(tables), c
}

// without are the positions left when c (an entrant, or -1) has the bye.
func (s *search) without(c int) []bool {
	left := make([]bool, len(s.order))
	for k, i := range s.order {
		left[k] = i != c
	}
	return left
}

// entrants turns tables of positions into tables of entrants.
func (s *search) entrants(tables [][]int) [][]int {
	for _, t := range tables {
		for k, pos := range t {
			t[k] = s.order[pos]
		}
	}
	return tables
}

// exact is run's answer between two seats when backtracking takes too
// long (late rounds of a long Swiss, where no pairing avoids every
// rematch and proving it is slow): the fewest rematches of the players
// left is known exactly from a maximum matching of those who have not
// met, so the bye goes to the first candidate whose pairing has the
// fewest, and each entrant in turn takes the first partner in its order
// of preference that leaves a pairing as good: the very pairing the
// backtracking would have found.
func (s *search) exact(candidates []int) ([][]int, int) {
	best, bye := -1, 0
	for _, c := range candidates {
		if r := s.rematches(s.without(c)); best < 0 || r < best {
			best, bye = r, c
		}
	}
	left := s.without(bye)
	var tables [][]int
	budget := best
	for {
		first := slices.Index(left, true)
		if first < 0 {
			return s.entrants(tables), bye
		}
		left[first] = false
		for _, c := range s.candidates(left, first) {
			cost := b2i(s.met[first][c])
			if cost > budget {
				continue
			}
			left[c] = false
			if s.rematches(left) <= budget-cost {
				tables = append(tables, []int{first, c})
				budget -= cost
				break
			}
			left[c] = true
		}
	}
}

// rematches is the fewest rematches pairing the positions left can have:
// those a maximum matching of the players who have not met leaves over,
// paired among themselves.
func (s *search) rematches(left []bool) int {
	var pos []int
	for k, l := range left {
		if l {
			pos = append(pos, k)
		}
	}
	matched := maxMatching(len(pos), func(a, b int) bool { return !s.met[pos[a]][pos[b]] })
	return (len(pos) - 2*matched) / 2
}

// seat fills tables t… from the positions left, within budget repeated
// meetings, appending the tables (positions in order) to out.
func (s *search) seat(left []bool, t, budget int, out *[][]int) bool {
	if t == len(s.sizes) {
		return true
	}
	s.nodes++
	if s.nodes > s.limit {
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
	if s.nodes <= s.limit {
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
		s.nodes++
		cost := 0
		for _, m := range table {
			if s.met[m][c] {
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
		if s.nodes > s.limit {
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
