package pairing

import (
	"fmt"
	"slices"
)

// empty marks a bracket slot no one holds: a seed beyond the entrants, a
// table that all withdrew from.
const empty = -1

// bracket is a knockout as far as its games tell: the slots of each
// round, entrant indices by bracket position, seats consecutive slots
// making a table.
type bracket struct {
	seats int
	slots [][]int // slots[r-1] are round r's
}

// bracketOrder is the seeds (from 1) of a bracket of slots slots by
// position: each seed x of the bracket a round smaller is replaced by its
// table, x and the seeds that snake down from it (between two seats x
// and 2m+1−x, m the smaller bracket's size), so that 1 meets 2 in the
// final only and the top seeds meet the seeds beyond the entrants, which
// are byes.
func bracketOrder(seats, slots int) []int {
	order := []int{1}
	for m := 1; m < slots; m *= seats {
		next := make([]int, 0, m*seats)
		for _, x := range order {
			next = append(next, x)
			for j := 1; j < seats; j++ {
				if j%2 == 1 {
					next = append(next, j*m+m+1-x)
				} else {
					next = append(next, j*m+x)
				}
			}
		}
		order = next
	}
	return order
}

// runBracket plays the bracket's rounds before round from the games:
// each table's winner is the seat with the most points, a tie going to
// the better seed; a table of one is a bye; an entrant withdrawn before a
// round leaves its slot empty. strict refuses a game not over or not
// found; otherwise their slots are pending and the rounds after them not
// made.
func runBracket(fd *field, games []Game, seats, round int, strict bool) (*bracket, error) {
	_, slotCount := bracketSize(seats, len(fd.entrants))
	b := &bracket{seats: seats}
	first := make([]int, slotCount)
	for k, seed := range bracketOrder(seats, slotCount) {
		first[k] = empty
		if seed <= len(fd.entrants) {
			first[k] = seed - 1
		}
	}
	b.slots = append(b.slots, first)
	for r := 1; r < round && len(b.slots[r-1]) > 1; r++ {
		next, err := b.play(fd, games, r)
		if err != nil {
			if strict {
				return nil, err
			}
			break
		}
		b.slots = append(b.slots, next)
	}
	return b, nil
}

// play finds round r's winners, the slots of round r+1.
func (b *bracket) play(fd *field, games []Game, r int) ([]int, error) {
	slots := b.slots[r-1]
	next := make([]int, 0, len(slots)/b.seats)
	for t := 0; t < len(slots); t += b.seats {
		members := b.members(fd, slots[t:t+b.seats], r)
		switch {
		case len(members) == 0:
			next = append(next, empty)
			continue
		case len(members) == 1:
			next = append(next, members[0])
			continue
		}
		g, ok := findGame(fd, games, r, members)
		if !ok {
			return nil, fmt.Errorf("pairing: the game of round %d of entrants %v is not over", r, ids(fd, members))
		}
		next = append(next, g.seats[g.winner()])
	}
	return next, nil
}

// members are the entrants of a table of round r: the slots held by
// entrants still playing.
func (b *bracket) members(fd *field, slots []int, r int) []int {
	var out []int
	for _, i := range slots {
		if i >= 0 && fd.playing(i, r) {
			out = append(out, i)
		}
	}
	return out
}

// findGame is the game of round r over between members.
func findGame(fd *field, games []Game, r int, members []int) (played, bool) {
	for _, g := range games {
		if g.Round != r || !g.Done || len(g.Seats) != len(members) || len(g.Points) != len(g.Seats) {
			continue
		}
		seats, err := fd.seats(g)
		if err != nil {
			continue
		}
		all := true
		for _, i := range members {
			all = all && slices.Contains(seats, i)
		}
		if all {
			return played{round: r, seats: seats, points: g.Points}, true
		}
	}
	return played{}, false
}

// ids are the entrants' IDs.
func ids(fd *field, members []int) []int64 {
	out := make([]int64, len(members))
	for k, i := range members {
		out[k] = fd.entrants[i].ID
	}
	return out
}

// tables are the tables of round, the last round the bracket made: the
// tables of two seats or more in bracket order, then the byes.
func (b *bracket) tables(fd *field, recs []record, round int) []Table {
	slots := b.slots[len(b.slots)-1]
	var tables, byes []Table
	for t := 0; t < len(slots); t += b.seats {
		members := b.members(fd, slots[t:t+b.seats], round)
		slices.Sort(members) // by rank: the better seed first when all else is equal
		switch len(members) {
		case 0:
		case 1:
			byes = append(byes, fd.table(members...))
		default:
			tables = append(tables, fd.table(seatOrder(members, recs, b.seats)...))
		}
	}
	return append(tables, byes...)
}

// winner is the seat that goes on from a knockout game: the most
// points, a tie going to the better seed (by mail there is no play-off).
func (g played) winner() int {
	win := 0
	for s, i := range g.seats {
		if g.points[s] > g.points[win]+eps || g.points[s] > g.points[win]-eps && i < g.seats[win] {
			win = s
		}
	}
	return win
}

// outIn is the round each entrant went out of a knockout in, 0 while it
// is in: the round of the game it did not win, or the round after the
// last it was paired in when it withdrew.
func outIn(fd *field, games []played) []int {
	out := make([]int, len(fd.entrants))
	for _, g := range games {
		win := g.winner()
		for s, i := range g.seats {
			if s != win && (out[i] == 0 || g.round < out[i]) {
				out[i] = g.round
			}
		}
	}
	for i, e := range fd.entrants {
		if out[i] == 0 && e.Withdrawn > 0 {
			out[i] = e.Withdrawn + 1
		}
	}
	return out
}
