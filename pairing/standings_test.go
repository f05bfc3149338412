package pairing

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A round-robin of four worked by hand, ranked by Sonneborn–Berger first:
//
//	      1   2   3   4   points
//	1     ·   0   1   1   2
//	2     1   ·   ½   ½   2
//	3     0   ½   ·   0   ½
//	4     0   ½   1   ·   1½
//
// Sonneborn–Berger: 1: 0×2 + 1×½ + 1×1½ = 2; 2: 1×2 + ½×½ + ½×1½ = 3;
// 3: ½×2 = 1; 4: ½×2 + 1×½ = 1½. Buchholz (everyone met everyone: the
// others' points): 1: 4, 2: 4, 3: 5½, 4: 4½. 2 is first, ahead of 1 on
// Sonneborn–Berger.
func TestStandingsRoundRobinByHand(t *testing.T) {
	games := []Game{
		game(1, []float64{1, 0}, 101, 104), game(1, []float64{0.5, 0.5}, 102, 103),
		game(2, []float64{0, 1}, 101, 102), game(2, []float64{1, 0}, 104, 103),
		game(3, []float64{0, 1}, 103, 101), game(3, []float64{0.5, 0.5}, 104, 102),
	}
	want := []Standing{
		{ID: 102, Place: 1, Points: 2, Buchholz: 4, SonnebornBerger: 3, Played: 3, Won: 1, Drawn: 2},
		{ID: 101, Place: 2, Points: 2, Buchholz: 4, SonnebornBerger: 2, Played: 3, Won: 2, Lost: 1},
		{ID: 104, Place: 3, Points: 1.5, Buchholz: 4.5, SonnebornBerger: 1.5, Played: 3, Won: 1, Drawn: 1, Lost: 1},
		{ID: 103, Place: 4, Points: 0.5, Buchholz: 5.5, SonnebornBerger: 1, Played: 3, Drawn: 1, Lost: 2},
	}
	assert.Equal(t, want, Standings(RoundRobin, seeded(4), games))
}

// After round 1 of a Swiss of four (1 beats 3, 2 beats 4), 1 and 2 are
// equal on everything and never met: they share first place, 3 and 4
// share third; seeds order the lines. A game not over counts for nothing.
func TestStandingsSharedPlaces(t *testing.T) {
	games := []Game{game(1, []float64{1, 0}, 101, 103), game(1, []float64{0, 1}, 104, 102),
		{Round: 2, Seats: []int64{101, 102}}}
	var places []int
	var ids []int64
	for _, s := range Standings(Swiss, seeded(4), games) {
		places, ids = append(places, s.Place), append(ids, s.ID)
	}
	assert.Equal(t, []int{1, 1, 3, 3}, places)
	assert.Equal(t, []int64{101, 102, 103, 104}, ids)
}

// Direct encounter decides between entrants equal on everything else
// who all met: here 2 beat 1 (same keys), so 2 goes first; 3, equal too
// but unmet by the others, would keep the group equal.
func TestDirectEncounter(t *testing.T) {
	keys := [][]float64{{1, 2}, {1, 2}, {0, 0}}
	directEncounter(keys, []played{{round: 1, seats: []int{0, 1}, points: []float64{0, 1}}})
	assert.Equal(t, [][]float64{{1, 2, 0}, {1, 2, 1}, {0, 0, 0}}, keys)

	keys = [][]float64{{1}, {1}, {1}}
	directEncounter(keys, []played{{round: 1, seats: []int{0, 1}, points: []float64{0, 1}}})
	assert.Equal(t, [][]float64{{1, 0}, {1, 0}, {1, 0}}, keys, "3 met no one: the group stays equal")
}

// A game of three seats in the tie-breaks: 1 first, 2 and 3 equal second
// (points 1, ¼, ¼). Buchholz adds both opponents' points; Sonneborn–Berger
// the pairwise score against each times its points: 1: 1×¼ + 1×¼ = ½;
// 2: 0×1 + ½×¼ = ⅛.
func TestStandingsThreeSeats(t *testing.T) {
	st := Standings(Swiss, seeded(3), []Game{game(1, GamePoints([]int{1, 2, 2}), 101, 102, 103)})
	assert.Equal(t, Standing{ID: 101, Place: 1, Points: 1, Buchholz: 0.5, SonnebornBerger: 0.5, Played: 1, Won: 1}, st[0])
	assert.Equal(t, Standing{ID: 102, Place: 2, Points: 0.25, Buchholz: 1.25, SonnebornBerger: 0.125, Played: 1, Lost: 1}, st[1])
	assert.Equal(t, 2, st[2].Place)
}

func TestGamePoints(t *testing.T) {
	cases := []struct {
		placings []int
		want     []float64
	}{
		{[]int{1, 2}, []float64{1, 0}},
		{[]int{2, 1}, []float64{0, 1}},
		{[]int{1, 1}, []float64{0.5, 0.5}},
		{[]int{1}, []float64{1}},
		{[]int{1, 2, 3}, []float64{1, 0.5, 0}},
		{[]int{1, 2, 2}, []float64{1, 0.25, 0.25}},
		{[]int{2, 1, 3, 4}, []float64{2.0 / 3, 1, 1.0 / 3, 0}},
		{[]int{1, 1, 1, 1}, []float64{0.5, 0.5, 0.5, 0.5}},
	}
	for _, c := range cases {
		assert.InDeltaSlice(t, c.want, GamePoints(c.placings), 1e-9, "%v", c.placings)
	}
}
