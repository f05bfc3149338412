package server

import "pbem/store"

// generations are the seats' token generations, in seating order.
func generations(g store.Game) []int {
	out := make([]int, len(g.Seats))
	for i, seat := range g.Seats {
		out[i] = seat.TokenGen
	}
	return out
}
