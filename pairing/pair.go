package pairing

import (
	"fmt"
)

// Pair makes the tables of round (from 1) given the games of the earlier
// rounds, all over (the games of round and later are not read, so pairing
// a round again gives the same tables). A multi-seat table's seats are in
// the order they move; a table of one seat is a bye. Multi-seat tables
// come first, the best-placed first; byes last.
func Pair(f Format, rounds, seats int, entrants []Entrant, games []Game, round int) ([]Table, error) {
	if err := Validate(f, rounds, seats, len(entrants)); err != nil {
		return nil, fmt.Errorf("pair round %d: %w", round, err)
	}
	if total := Rounds(f, rounds, seats, len(entrants)); round < 1 || round > total {
		return nil, fmt.Errorf("pair round %d: the tournament plays rounds 1 to %d", round, total)
	}
	fd, err := newField(entrants)
	if err != nil {
		return nil, fmt.Errorf("pair round %d: %w", round, err)
	}
	recs, _, err := fd.history(games, round, true)
	if err != nil {
		return nil, fmt.Errorf("pair round %d: %w", round, err)
	}
	switch f {
	case RoundRobin:
		return roundRobin(fd, round), nil
	case Swiss:
		return swiss(fd, recs, seats, round), nil
	}
	b, err := runBracket(fd, games, seats, round, true)
	if err != nil {
		return nil, fmt.Errorf("pair round %d: %w", round, err)
	}
	return b.tables(fd, recs, round), nil
}

// Finished reports whether the tournament is over: every game stored is
// over and either its last round is played or fewer than two entrants
// are left to pair (the others withdrawn or, in a knockout, out).
func Finished(f Format, rounds, seats int, entrants []Entrant, games []Game) bool {
	fd, _ := newField(entrants)
	last := 0
	for _, g := range games {
		if !g.Done && len(g.Seats) > 1 {
			return false
		}
		last = max(last, g.Round)
	}
	if last >= Rounds(f, rounds, seats, len(entrants)) {
		return true
	}
	var out []int
	if f == Knockout {
		_, games, _ := fd.history(games, 0, false)
		out = outIn(fd, games)
	}
	left := 0
	for i := range fd.entrants {
		if fd.playing(i, last+1) && (out == nil || out[i] == 0) {
			left++
		}
	}
	return left < 2
}
