package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// TestSeatMatch: every game's win is shared out among the seats, the
// same seed plays the same games, and the seats' shares add up to the
// games somebody won.
func TestSeatMatch(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		m := SeatMatch{Game: chiffres.Game{}, Player: Player{Kind: KindGreedy}, Seats: seats, Games: 6, Seed: 5}
		res, err := m.Run()
		require.NoError(t, err)
		assert.Equal(t, 6, res.Games)
		require.Len(t, res.Wins, seats)
		total := 0.0
		for seat := range seats {
			total += res.Wins[seat]
			low, high := res.Interval(seat)
			assert.LessOrEqual(t, low, res.Share(seat))
			assert.GreaterOrEqual(t, high, res.Share(seat))
		}
		assert.InDelta(t, 6, total, 1e-9, "Chiffres always has a winner")
		again, err := m.Run()
		require.NoError(t, err)
		assert.Equal(t, res, again, "the same seed plays the same games")
	}
}

// TestSeatMatchCapped: a game the move cap ends is nobody's.
func TestSeatMatchCapped(t *testing.T) {
	res, err := SeatMatch{Game: chiffres.Game{}, Player: Player{Kind: KindRandom}, Seats: 3, Games: 2, Seed: 1, MaxMoves: 3}.Run()
	require.NoError(t, err)
	assert.Equal(t, 2, res.Capped)
	assert.Equal(t, []float64{0, 0, 0}, res.Wins)
}

func TestSeatMatchRefusals(t *testing.T) {
	for _, m := range []SeatMatch{
		{Game: chiffres.Game{}, Player: Player{Kind: KindRandom}, Seats: 3},
		{Game: chiffres.Game{}, Player: Player{Kind: KindRandom}, Seats: 5, Games: 1},
		{Game: ludicitude.Game{}, Player: Player{Kind: KindRandom}, Seats: 3, Games: 1},
		{Game: chiffres.Game{}, Player: Player{Kind: KindBlocker}, Seats: 3, Games: 1},
	} {
		_, err := m.Run()
		assert.Error(t, err, "%+v", m)
	}
}
