package pairing

import (
	"cmp"
	"slices"
)

// seatOrder orders a table's entrants (indices, in rank order) for the
// move: first the one who moved first least often for the games it
// played (seats×firsts − played, which is firsts − seconds between two
// seats), then the one who did not move first in its last game, then the
// one who sat later in it, then the better ranked (the order given).
func seatOrder(members []int, recs []record, seats int) []int {
	out := slices.Clone(members)
	rank := make(map[int]int, len(members))
	for k, i := range members {
		rank[i] = k
	}
	slices.SortStableFunc(out, func(a, b int) int {
		ra, rb := recs[a], recs[b]
		return cmp.Or(
			cmp.Compare(seats*ra.firsts-ra.played, seats*rb.firsts-rb.played),
			cmp.Compare(b2i(ra.lastSeat == 0), b2i(rb.lastSeat == 0)),
			cmp.Compare(rb.lastSeat, ra.lastSeat),
			cmp.Compare(rank[a], rank[b]),
		)
	})
	return out
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rotate is s turned left by k places: the first round's seats, which
// alternate from board to board.
func rotate(s []int, k int) []int {
	if len(s) == 0 {
		return s
	}
	k %= len(s)
	return append(slices.Clone(s[k:]), s[:k]...)
}
