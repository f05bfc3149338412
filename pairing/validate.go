package pairing

import (
	"pbem/engine"
	"pbem/lang"
)

// MaxSeats is the most seats a game of a Swiss tournament or a knockout
// may have.
const MaxSeats = 4

// Validate says, in words a player acts upon (an *engine.Refusal), why a
// tournament of format f, rounds rounds (Swiss only; the other formats
// ignore it), games of seats seats and entrants players cannot be held;
// nil when it can.
func Validate(f Format, rounds, seats, entrants int) error {
	switch f {
	case RoundRobin, Swiss, Knockout:
	default:
		return engine.RefuseMsg(lang.T("there is no tournament format %s: say round-robin, swiss or knockout", string(f)))
	}
	switch {
	case seats < 2:
		return engine.RefuseMsg(lang.T("a tournament's games need at least 2 seats, not %d", seats))
	case f == RoundRobin && seats > 2:
		return engine.RefuseMsg(lang.T("a round-robin pairs two players a game: it cannot seat %d", seats))
	case seats > MaxSeats:
		return engine.RefuseMsg(lang.T("a tournament's games seat at most %d players, not %d", MaxSeats, seats))
	case entrants < 2:
		return engine.RefuseMsg(lang.T("a tournament needs at least 2 players, not %d", entrants))
	case f == Swiss && rounds < 1:
		return engine.RefuseMsg(lang.T("a Swiss tournament needs at least one round"))
	case f == Swiss && seats == 2 && rounds >= entrants:
		return engine.RefuseMsg(lang.T("a Swiss tournament of %d players plays at most %d rounds, so that no two players meet twice", entrants, entrants-1))
	}
	return nil
}

// Rounds is how many rounds a valid tournament plays: a round-robin n−1
// (n with a bye, n odd), a knockout as many as it takes to fill a bracket
// of a power of seats (ceil(log_seats n)), a Swiss the rounds it was
// given.
func Rounds(f Format, rounds, seats, entrants int) int {
	switch f {
	case RoundRobin:
		if entrants < 2 {
			return 0
		}
		return circleSize(entrants) - 1
	case Knockout:
		r, _ := bracketSize(seats, entrants)
		return r
	}
	return rounds
}

// bracketSize is the number of rounds of a knockout and the bracket's
// slots: the smallest power of seats that holds n.
func bracketSize(seats, n int) (rounds, slots int) {
	if seats < 2 {
		seats = 2
	}
	slots = 1
	for slots < n {
		slots *= seats
		rounds++
	}
	return rounds, slots
}
