package core

import "pbem/store"

// SeatOfPlayer is the seat of player pid in g, -1 when none.
func SeatOfPlayer(g store.Game, pid int64) int {
	for _, seat := range g.Seats {
		if seat.Bot == "" && seat.PlayerID == pid {
			return seat.Seat
		}
	}
	return -1
}
