package pairing

import "slices"

// swiss pairs round of a Swiss tournament (the package's doc says how).
func swiss(fd *field, recs []record, seats, round int) []Table {
	order := ranked(fd, recs, round)
	sizes, bye := tableSizes(len(order), seats)
	if round == 1 {
		return firstRound(fd, order, sizes, bye)
	}
	s := newSearch(order, recs, sizes, seats)
	found, byeAt := s.run(byeCandidates(order, recs, bye))
	var tables []Table
	for _, t := range found {
		tables = append(tables, fd.table(seatOrder(t, recs, seats)...))
	}
	if byeAt >= 0 {
		tables = append(tables, fd.table(byeAt))
	}
	return tables
}

// ranked are the entrants to pair in round, by points then seed.
func ranked(fd *field, recs []record, round int) []int {
	var order []int
	for i := range fd.entrants {
		if fd.playing(i, round) {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return comparePoints(recs[b].points, recs[a].points) })
	return order
}

// tableSizes splits n entrants into tables of seats, the last smaller
// when some are left but one, who has a bye.
func tableSizes(n, seats int) (sizes []int, bye bool) {
	for ; n >= seats; n -= seats {
		sizes = append(sizes, seats)
	}
	switch n {
	case 0:
	case 1:
		bye = true
	default:
		sizes = append(sizes, n)
	}
	return sizes, bye
}

// firstRound deals the entrants, by seed, to the tables one by one as
// cards (so between two seats 1 meets n/2+1, 2 meets n/2+2…), the last
// seed having the bye if there is one, and turns each table's seats by
// its number so that the first move alternates from board to board.
func firstRound(fd *field, order []int, sizes []int, bye bool) []Table {
	var byeAt []int
	if bye {
		byeAt, order = order[len(order)-1:], order[:len(order)-1]
	}
	tables := make([][]int, len(sizes))
	t := 0
	for _, i := range order {
		for len(tables[t]) == sizes[t] {
			t = (t + 1) % len(sizes)
		}
		tables[t] = append(tables[t], i)
		t = (t + 1) % len(sizes)
	}
	var out []Table
	for k, members := range tables {
		out = append(out, fd.table(rotate(members, k)...))
	}
	if bye {
		out = append(out, fd.table(byeAt...))
	}
	return out
}

// byeCandidates are the entrants who may have the bye, in the order they
// are tried: those who have had the fewest byes (none, unless everyone
// has had one), from the lowest ranked up; [-1] when there is no bye.
func byeCandidates(order []int, recs []record, bye bool) []int {
	if !bye {
		return []int{-1}
	}
	fewest := recs[order[0]].byes
	for _, i := range order {
		fewest = min(fewest, recs[i].byes)
	}
	var out []int
	for k := len(order) - 1; k >= 0; k-- {
		if recs[order[k]].byes == fewest {
			out = append(out, order[k])
		}
	}
	return out
}
