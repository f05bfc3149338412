package pairing

import (
	"cmp"
	"fmt"
	"slices"
)

// field is a tournament as the pairings see it: the entrants in seed
// order (then ID), each known by its index there, its rank at the start.
type field struct {
	entrants []Entrant
	index    map[int64]int
}

// newField orders the entrants by seed, then ID; an ID given twice is an
// error, and the field keeps its first.
func newField(entrants []Entrant) (*field, error) {
	f := &field{entrants: slices.Clone(entrants), index: make(map[int64]int, len(entrants))}
	slices.SortFunc(f.entrants, func(a, b Entrant) int {
		return cmp.Or(cmp.Compare(a.Seed, b.Seed), cmp.Compare(a.ID, b.ID))
	})
	var err error
	kept := f.entrants[:0]
	for _, e := range f.entrants {
		if _, twice := f.index[e.ID]; twice {
			err = fmt.Errorf("pairing: entrant %d is given twice", e.ID)
			continue
		}
		f.index[e.ID] = len(kept)
		kept = append(kept, e)
	}
	f.entrants = kept
	return f, err
}

// playing reports whether entrant i is paired in round: not withdrawn, or
// withdrawn after it.
func (f *field) playing(i, round int) bool {
	w := f.entrants[i].Withdrawn
	return w == 0 || w >= round
}

// record is what the earlier games tell of one entrant.
type record struct {
	points float64
	byes   int
	// met counts the games against each other entrant, by index.
	met map[int]int
	// firsts counts the games it moved first in, played the games of two
	// seats or more; lastSeat is its seat in the last of them (-1 before
	// any).
	firsts, played, lastSeat int
}

// played is a game of two seats or more that is over, its entrants by
// index.
type played struct {
	round  int
	seats  []int
	points []float64
}

// history reads the games of rounds before round (every round when round
// is 0) into a record per entrant and the list of the games played.
// strict refuses a game not over (a bye always is) or naming an entrant
// not entered; otherwise such games are skipped.
func (f *field) history(games []Game, round int, strict bool) ([]record, []played, error) {
	recs := make([]record, len(f.entrants))
	for i := range recs {
		recs[i] = record{met: map[int]int{}, lastSeat: -1}
	}
	sorted := slices.Clone(games)
	slices.SortStableFunc(sorted, func(a, b Game) int { return cmp.Compare(a.Round, b.Round) })
	var out []played
	for _, g := range sorted {
		if round > 0 && g.Round >= round {
			continue
		}
		seats, err := f.seats(g)
		if err == nil && len(seats) > 1 && !g.Done {
			err = fmt.Errorf("pairing: the game of round %d between entrants %v is not over", g.Round, g.Seats)
		}
		if err == nil && len(seats) > 1 && len(g.Points) != len(seats) {
			err = fmt.Errorf("pairing: the game of round %d between entrants %v has %d points for %d seats", g.Round, g.Seats, len(g.Points), len(seats))
		}
		if err != nil {
			if strict {
				return nil, nil, err
			}
			continue
		}
		if len(seats) == 1 {
			recs[seats[0]].points += ByePoints
			recs[seats[0]].byes++
			continue
		}
		out = append(out, played{round: g.Round, seats: seats, points: g.Points})
		for s, i := range seats {
			r := &recs[i]
			r.points += g.Points[s]
			r.played++
			r.lastSeat = s
			if s == 0 {
				r.firsts++
			}
			for _, j := range seats {
				if j != i {
					r.met[j]++
				}
			}
		}
	}
	return recs, out, nil
}

// seats are the indices of a game's entrants, in seat order.
func (f *field) seats(g Game) ([]int, error) {
	if len(g.Seats) == 0 {
		return nil, fmt.Errorf("pairing: a game of round %d has no seat", g.Round)
	}
	out := make([]int, len(g.Seats))
	for s, id := range g.Seats {
		i, ok := f.index[id]
		if !ok {
			return nil, fmt.Errorf("pairing: the game of round %d seats entrant %d, who is not entered", g.Round, id)
		}
		out[s] = i
	}
	return out, nil
}

// table is the Table of entrants given by index, in seat order.
func (f *field) table(seats ...int) Table {
	t := Table{Seats: make([]int64, len(seats))}
	for s, i := range seats {
		t.Seats[s] = f.entrants[i].ID
	}
	return t
}
