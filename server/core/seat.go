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

// AskedSeat is a seat as a new game asks for it, before it is checked: a
// player's address and name, or a computer seat's label (Bot set, the
// label in Name).
type AskedSeat struct {
	Bot         bool
	Email, Name string
}

// BotName is a computer seat's Name as an AskedSeat carries it: its label,
// and its level after a colon when it has one ("Robot 1:strong"), as game
// new reads --bot.
func BotName(label, level string) string {
	if level == "" {
		return label
	}
	return label + ":" + level
}
