package pairing

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pairRound pairs round and checks it against the hand-worked tables.
func pairRound(t *testing.T, f Format, rounds, seats int, entrants []Entrant, games []Game, round int, want [][]int64) {
	t.Helper()
	tables, err := Pair(f, rounds, seats, entrants, games, round)
	require.NoError(t, err)
	assert.Equal(t, want, seatsOf(tables), "round %d", round)
}

// The four-player Swiss of three rounds that the tournaments' mail test
// plays, worked by hand (entrant k has seed k and ID 100+k).
//
// Round 1, by seed, top half against bottom half: 1–3 and 2–4; board 1's
// better seed moves first, board 2's lesser one: [1 3] [4 2]. Results: 1
// beats 3, 2 and 4 draw: 1 has 1, 2 and 4 ½, 3 0.
//
// Round 2 ranks 1 (1), 2 (½), 4 (½), 3 (0). 1 is alone in its group and
// floats down to the best of the next: 1–2, who have not met; then 4,
// alone, meets 3. Seats: 1 moved first once, 2 never: [2 1]; 4 moved first,
// 3 did not: [3 4]. Results: 2 beats 1, 3 beats 4: 2 has 1½, 1 and 3 1, 4 ½.
//
// Round 3 ranks 2 (1½), 1 (1), 3 (1), 4 (½). 2 has met 4 and 1, so meets
// 3; 1 meets 4, the pair left, whom it has not met. Seats: 2 and 3 each
// moved first once in two games and both moved first last round, so the
// better ranked, 2, moves first: [2 3]; 1 and 4 likewise, both second last
// round: [1 4]. Results: 2 and 3 draw, 1 beats 4.
//
// Final: 2 and 1 have 2 points, 3 1½, 4 ½. Buchholz: 1 met 3, 2, 4:
// 1½+2+½ = 4; 2 met 4, 1, 3: ½+2+1½ = 4; 3 met 1, 4, 2: 2+½+2 = 4½; 4 met
// 2, 3, 1: 2+1½+2 = 5½. Sonneborn–Berger: 1: 1×1½ + 0×2 + 1×½ = 2; 2:
// ½×½ + 1×2 + ½×1½ = 3; 3: 0×2 + 1×½ + ½×2 = 1½; 4: ½×2 + 0 + 0 = 1.
// 2 and 1 are equal on Buchholz: 2 is first on Sonneborn–Berger.
func TestSwissFourByHand(t *testing.T) {
	e := seeded(4)
	var games []Game
	pairRound(t, Swiss, 3, 2, e, games, 1, [][]int64{{101, 103}, {104, 102}})
	games = append(games, game(1, []float64{1, 0}, 101, 103), game(1, []float64{0.5, 0.5}, 104, 102))
	pairRound(t, Swiss, 3, 2, e, games, 2, [][]int64{{102, 101}, {103, 104}})
	games = append(games, game(2, []float64{1, 0}, 102, 101), game(2, []float64{1, 0}, 103, 104))
	pairRound(t, Swiss, 3, 2, e, games, 3, [][]int64{{102, 103}, {101, 104}})
	assert.False(t, Finished(Swiss, 3, 2, e, games))
	games = append(games, game(3, []float64{0.5, 0.5}, 102, 103), game(3, []float64{1, 0}, 101, 104))
	assert.True(t, Finished(Swiss, 3, 2, e, games))

	want := []Standing{
		{ID: 102, Place: 1, Points: 2, Buchholz: 4, SonnebornBerger: 3, Played: 3, Won: 1, Drawn: 2},
		{ID: 101, Place: 2, Points: 2, Buchholz: 4, SonnebornBerger: 2, Played: 3, Won: 2, Lost: 1},
		{ID: 103, Place: 3, Points: 1.5, Buchholz: 4.5, SonnebornBerger: 1.5, Played: 3, Won: 1, Drawn: 1, Lost: 1},
		{ID: 104, Place: 4, Points: 0.5, Buchholz: 5.5, SonnebornBerger: 1, Played: 3, Drawn: 1, Lost: 2},
	}
	assert.Equal(t, want, Standings(Swiss, e, games))
}

// Five players, four rounds, the better seed always winning, worked by
// hand: the bye goes each round to the lowest-ranked player who has had
// none and never twice to anyone.
//
// Round 1: 5 has the bye; 1–3, 2–4 as [1 3] [4 2]; 1 and 2 win.
// Round 2 ranks 1, 2, 5 (1 point), 3, 4 (0). The bye: 4, the lowest
// without one. The group 1, 2, 5 (k = 3) pairs 1 with its k/2-th, 2; 5
// floats down to 3. Seats: 1 moved first, 2 not: [2 1]; 3 played second, 5
// never played: [3 5]. 1 and 3 win.
// Round 3 ranks 1 (2), 2, 3, 4, 5 (1). The bye: 3 (4 and 5 have had
// theirs). 1 floats down to 2, met, then 4; 2–5 are left. Seats: 1 moved
// first in one of two games, 4 in its one: [1 4]; 2 in one of two, 5 in
// none of one: [5 2]. 1 and 2 win.
// Round 4 ranks 1 (3), 2, 3 (2), 4, 5 (1). The bye: 2 (1 is ranked
// higher). 1 has met 3 and 4: 1–5; 3–4. Seats: 1 moved first twice in
// three, 5 once in two: [5 1]; 3 and 4 once in two each, 3 first last
// round: [4 3].
func TestSwissFiveByesRotate(t *testing.T) {
	e := seeded(5)
	games := play(t, Swiss, 4, 2, e, betterSeedWins)
	want := [][][]int64{
		{{101, 103}, {104, 102}, {105}},
		{{102, 101}, {103, 105}, {104}},
		{{101, 104}, {105, 102}, {103}},
		{{105, 101}, {104, 103}, {102}},
	}
	assertRounds(t, want, games)
	m := count(games)
	for p, k := range m.pairs {
		assert.Equal(t, 1, k, "%v met %d times", p, k)
	}
}

// betterSeedWins: the lower ID (the better seed in these tests) places
// higher at every table.
func betterSeedWins(_ int, t Table) []float64 {
	placings := make([]int, len(t.Seats))
	for s, a := range t.Seats {
		placings[s] = 1
		for _, b := range t.Seats {
			if b < a {
				placings[s]++
			}
		}
	}
	return GamePoints(placings)
}

// Seven players at tables of three, three rounds, the better seed always
// placing higher, worked by hand (met: pairs of players who shared a
// table).
//
// Round 1: 7 has the bye; the six are dealt to two tables, 1 3 5 and
// 2 4 6, the second turned by one: [1 3 5] [4 6 2]. Points: 1 and 2 have
// 1, 3 and 4 ½, 5 and 6 0, 7 the bye's 1.
// Round 2 ranks 1, 2, 7, 3, 4, 5, 6. No seating is without a repeated
// meeting: a table of three holds at most one of each first-round table
// and there is one 7. With one allowed, the bye goes to 6, the lowest;
// 1 fills its table from the top: 1 2 7, leaving 3 4 5, where 3 and 5
// met. Seats: 2 (second of one) then 7 (no game) then 1 (first of one):
// [2 7 1]; 3 and 5 never moved first, 5 sat later: [5 3 4].
// Round 3 ranks 1 (2), 2, 3 (1½), 4, 6, 7 (1), 5 (0). 1 has met all but 4
// and 6, who met, so a repeat is due wherever 1 sits (or, with 1's bye,
// 2 has the same trouble); no seating has one repeat only (worked
// through every bye and table); with two the bye goes to 5 and 1 fills
// from the top: 1 2 3 costs two, but leaves 4 6 7, 4 and 6 met; 1 2 4
// costs two (1–2, 2–4) and leaves 3 6 7, who never met. Seats: 1, 2 and
// 4 each moved first once in two games; 2 moved first last round; 1 and 4
// both sat last, 1 is better ranked: [1 4 2]; 3 never moved first: [3 6 7].
func TestSwissSevenAtTablesOfThree(t *testing.T) {
	e := seeded(7)
	games := play(t, Swiss, 3, 3, e, betterSeedWins)
	want := [][][]int64{
		{{101, 103, 105}, {104, 106, 102}, {107}},
		{{102, 107, 101}, {105, 103, 104}, {106}},
		{{101, 104, 102}, {103, 106, 107}, {105}},
	}
	assertRounds(t, want, games)
	assert.Equal(t, map[int64]int{105: 1, 106: 1, 107: 1}, count(games).byes)
}

// assertRounds checks each round's tables (the games' seats, in the order
// Pair gave them) against the hand-worked ones.
func assertRounds(t *testing.T, want [][][]int64, games []Game) {
	t.Helper()
	for r, w := range want {
		var got [][]int64
		for _, g := range games {
			if g.Round == r+1 {
				got = append(got, g.Seats)
			}
		}
		assert.Equal(t, w, got, "round %d", r+1)
	}
}

// Five players; after round 1 (5's bye, 1 beats 3, 2 beats 4) 2
// withdraws: round 2 pairs the four left, no bye. Ranked 1, 5 (1 point),
// 3, 4 (0): the group 1 5 pairs 1–5 (5, who never moved first, first:
// [5 1]), then 3–4 (3 moved second, 4 first: [3 4]). 2 keeps its line,
// marked, with its point.
func TestSwissWithdrawal(t *testing.T) {
	e := seeded(5)
	games := []Game{game(1, []float64{1, 0}, 101, 103), game(1, []float64{0, 1}, 104, 102), bye(1, 105)}
	e[1].Withdrawn = 1
	pairRound(t, Swiss, 4, 2, e, games, 2, [][]int64{{105, 101}, {103, 104}})
	for _, s := range Standings(Swiss, e, games) {
		if s.ID == 102 {
			assert.True(t, s.Withdrawn)
			assert.Equal(t, 1.0, s.Points)
		}
	}
}
