package ratings

import (
	"slices"

	"pbem/engine"
)

// resigner is a state that says which seats left the game (Amplitude and
// Chiffres, where play goes on without them). Without it no seat counts
// as resigned: in a two-player game the winner alone says who placed
// where.
type resigner interface{ Resigned(seat int) bool }

// Places are the seats' places in finished game st, 1 the best: see the
// rules above. left lists the seats whose first holder left (resigned,
// or left the seat to another holder), in the order they left, so that of
// two seats who left the later places better.
func Places(st engine.State, left []int) []int {
	scores, winners := st.Scores(), st.Winners()
	n := len(scores)
	order := make(map[int]int, len(left))
	for i, seat := range left {
		order[seat] = i
	}
	res, canResign := st.(resigner)
	// key orders the seats: the lower the better.
	type key struct{ tier, value int }
	keys := make([]key, n)
	for seat := range n {
		_, gone := order[seat]
		switch {
		case gone || canResign && res.Resigned(seat):
			keys[seat] = key{2, -order[seat]}
		case slices.Contains(winners, seat):
			keys[seat] = key{0, 0}
		case len(winners) == 0:
			keys[seat] = key{1, 0}
		default:
			keys[seat] = key{1, -scores[seat]}
		}
	}
	out := make([]int, n)
	for seat := range n {
		out[seat] = 1
		for other := range n {
			a, b := keys[other], keys[seat]
			if a.tier < b.tier || a.tier == b.tier && a.value < b.value {
				out[seat]++
			}
		}
	}
	return out
}
