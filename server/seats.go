package server

import (
	"net/mail"
	"strings"

	"pbem/engine"
	"pbem/parser"
	"pbem/store"
)

// askedSeat is a seat as a new game asks for it, before it is checked: a
// player's address and name, or a computer seat's label (Bot set, the
// label in Name).
type askedSeat struct {
	Bot         bool
	Email, Name string
}

// checkSeats turns the seats asked for a game of kind, in seating order,
// into the seats stored: a player's address must be one and given once
// (canonical, so Ann@x and ann@x are one), a computer seat needs a label,
// every name must be one checkName takes, and there must be as many seats
// as kind is played by. Both game new (Create) and game import seat
// a game through it, so that a seat one refuses the other refuses too,
// with the same sentence.
func checkSeats(kind engine.Game, asked []askedSeat) ([]store.NewSeat, error) {
	seats := make([]store.NewSeat, 0, len(asked))
	for _, a := range asked {
		name := strings.TrimSpace(a.Name)
		if a.Bot {
			if name == "" {
				return nil, engine.Refuse("a computer seat needs a name, as --bot Robot")
			}
			if err := checkName(name); err != nil {
				return nil, engine.Refuse("the computer seat's name %v", err)
			}
			seats = append(seats, store.NewSeat{Bot: name})
			continue
		}
		addr, err := mail.ParseAddress(a.Email)
		if err != nil || addr.Address != strings.TrimSpace(a.Email) {
			return nil, engine.Refuse("%q is not a mail address", a.Email)
		}
		email := parser.CanonicalAddress(addr.Address)
		for _, other := range seats {
			if other.Bot == "" && parser.SameAddress(other.Email, email) {
				return nil, engine.Refuse("%s is given twice: a player takes one seat", addr.Address)
			}
		}
		if err := checkName(name); err != nil {
			return nil, engine.Refuse("the name of %s %v", addr.Address, err)
		}
		seats = append(seats, store.NewSeat{Email: email, Name: name})
	}
	if lo, hi := kind.Seats(); len(seats) < lo || len(seats) > hi {
		return nil, engine.Refuse("%s is played by %d to %d players, and %d seats were given", kind.Name(), lo, hi, len(seats))
	}
	return seats, nil
}
