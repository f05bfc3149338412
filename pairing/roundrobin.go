package pairing

// circleSize is the entrants of a round-robin, with the dummy whose
// opponent has the bye when they are odd.
func circleSize(n int) int {
	return n + n%2
}

// roundRobin is round of a round-robin by the circle (Berger) tables:
// numbering the entrants 1…m by seed (m even, the last the dummy of the
// bye when they are odd), i and j < m meet in the round r where
// r−1 ≡ i+j−2 (mod m−1), and i meets m where r−1 ≡ 2i−2; i moves first
// against j < m when i+j is odd and i < j or i+j is even and i > j, so
// that every entrant moves first in half its other games, and against m
// when i < m/2. Round 1 is 1–m, 2–(m−1), 3–(m−2)… A game of an entrant
// withdrawn before round is a bye for the other.
func roundRobin(f *field, round int) []Table {
	n := len(f.entrants)
	m := circleSize(n)
	var tables, byes []Table
	for i := 1; i < m; i++ {
		j := mod(round+1-i, m-1) // i's opponent: the j with i+j−2 ≡ round−1, or m
		if j == 0 {
			j = m - 1
		}
		if j == i {
			j = m
		}
		if j < i {
			continue // the pair is made once, from its lower number
		}
		first, second := i, j
		switch {
		case j == m && i >= m/2:
			first, second = j, i
		case j < m && (i+j)%2 == 0:
			first, second = j, i
		}
		var seats []int
		for _, k := range []int{first, second} {
			if k <= n && f.playing(k-1, round) {
				seats = append(seats, k-1)
			}
		}
		switch len(seats) {
		case 2:
			tables = append(tables, f.table(seats...))
		case 1:
			byes = append(byes, f.table(seats...))
		}
	}
	return append(tables, byes...)
}

// mod is a modulo b in 0…b−1.
func mod(a, b int) int {
	return (a%b + b) % b
}
