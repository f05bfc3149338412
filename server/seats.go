package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"net/mail"
	"strings"

	"pbem/engine"
	"pbem/parser"
	"pbem/store"
)

// checkSeats turns the seats asked for a game of kind, in seating order,
// into the seats stored: a player's address must be one and given once
// (canonical, so Ann@x and ann@x are one), a computer seat needs a label,
// every name must be one parser.Name takes, a player's name must not pass
// for another player's (checkName: theirs they may keep) nor for another
// seat's of the game, and there must be as many seats as kind is played
// by. Both game new (Create) and game import seat a game through it, so
// that a seat one refuses the other refuses too, with the same sentence.
func (pp *people) checkSeats(ctx context.Context, kind engine.Game, asked []core.AskedSeat) ([]store.NewSeat, error) {
	seats := make([]store.NewSeat, 0, len(asked))
	for i, a := range asked {
		name := strings.TrimSpace(a.Name)
		if a.Bot {
			// The level after the last colon: Robot:strong.
			level := engine.LevelNormal
			if at := strings.LastIndexByte(name, ':'); at >= 0 {
				l, err := engine.ParseLevel(name[at+1:])
				if err != nil {
					return nil, err
				}
				name, level = strings.TrimSpace(name[:at]), l
			}
			if name == "" {
				return nil, engine.Refuse("a computer seat needs a name, as --bot Robot")
			}
			name, err := parser.Name(name)
			if err != nil {
				return nil, engine.Refuse("the name of computer seat %d is refused: %v", i+1, err)
			}
			seat := store.NewSeat{Bot: name}
			if level != engine.LevelNormal {
				seat.BotLevel = string(level)
			}
			seats = append(seats, seat)
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
		if name != "" {
			name, err = pp.seatName(ctx, email, name, seats)
			if engine.IsRefusal(err) {
				return nil, engine.Refuse("the name of %s is refused: %v", addr.Address, err)
			}
			if err != nil {
				return nil, err
			}
		} else if p, err := pp.store.PlayerByAddress(ctx, email); err == nil {
			name = p.Name // a player seated by address is named as they chose
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		seats = append(seats, store.NewSeat{Email: email, Name: name})
	}
	if lo, hi := kind.Seats(); len(seats) < lo || len(seats) > hi {
		return nil, engine.Refuse("%s is played by %d to %d players, and %d seats were given", kind.Name(), lo, hi, len(seats))
	}
	return seats, nil
}

// seatName is name, the name asked for the player of email, as checkName
// keeps it, or why not: checkName's refusal, or that a player seated
// before has a name that passes for it. The name the player has already
// is theirs as it is, even from before checkName was what it is: a game a
// player starts by mail seats them by it.
func (pp *people) seatName(ctx context.Context, email, name string, before []store.NewSeat) (string, error) {
	p, err := pp.store.PlayerByAddress(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return "", err
	case p.Name == name:
		return name, nil
	}
	if name, err = pp.checkName(ctx, name, p.ID); err != nil {
		return "", err
	}
	for _, other := range before {
		if other.Bot == "" && other.Name != "" && parser.NameKey(other.Name) == parser.NameKey(name) {
			return "", engine.Refuse("%s is named %s already: give each player a name of their own", other.Email, other.Name)
		}
	}
	return name, nil
}
