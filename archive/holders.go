package archive

import (
	"strconv"

	"pbem/store"
)

// Holder is one holder of a seat that changed hands (a player left it to
// a computer or to another player), from a move on: the record's
// "holders". A seat that never changed hands has none; a seat that did
// has its first holder (why "start") and each after. A holder with
// neither email nor bot is nobody: the seat was on offer.
type Holder struct {
	Seat     int    `json:"seat"`
	FromMove int    `json:"from_move"` // the moves played before the holder took the seat
	Email    string `json:"email,omitempty"`
	Name     string `json:"name,omitempty"`
	Bot      string `json:"bot,omitempty"`   // a computer's label
	Level    string `json:"level,omitempty"` // a computer's level, easy or strong; none for normal
	Why      string `json:"why"`             // start, resigned, timeout, signoff, operator, takeover, unclaimed
	Time     string `json:"time"`
}

// Holders are hs as the record lists them.
func Holders(hs []store.Holder) []Holder {
	out := make([]Holder, 0, len(hs))
	for _, h := range hs {
		out = append(out, Holder{Seat: h.Seat, FromMove: h.FromMove, Email: h.Email, Name: h.Name, Bot: h.Bot, Level: h.BotLevel,
			Why: h.Why, Time: h.At.UTC().Format(TimeLayout)})
	}
	return out
}

// StoreHolders are the record's holders as the store keeps them, for game
// import; a time that does not read is the import's.
func StoreHolders(hs []Holder) []store.Holder {
	out := make([]store.Holder, 0, len(hs))
	for _, h := range hs {
		at, _ := ParseTime(h.Time)
		out = append(out, store.Holder{Seat: h.Seat, FromMove: h.FromMove, Email: h.Email, Name: h.Name, Bot: h.Bot, BotLevel: h.Level, Why: h.Why, At: at})
	}
	return out
}

// PlayerAt is SeatID of who held seat of g when move number was played:
// the seat's holder then (g.Holders), else the seat as it is.
func PlayerAt(g store.Game, seat, number int) string {
	id := ""
	for _, h := range g.Holders {
		if h.Seat == seat && h.FromMove < number {
			switch {
			case h.Bot != "":
				id = h.Bot
			default:
				id = h.Email
			}
		}
	}
	if id == "" {
		return SeatID(g.Seats[seat])
	}
	return id
}

// pageNameAt is the page's name (see Names) for who held seat of g when
// move number was played: the seat's holder then, by name or label, or
// "seat N" for a player who gave no name; else the seat's name.
func pageNameAt(g store.Game, names []string, seat, number int) string {
	name := names[seat]
	for _, h := range g.Holders {
		if h.Seat != seat || h.FromMove >= number {
			continue
		}
		switch {
		case h.Bot != "":
			name = h.Bot
		case h.Name != "":
			name = h.Name
		default:
			name = "seat " + strconv.Itoa(seat+1)
		}
	}
	return name
}
