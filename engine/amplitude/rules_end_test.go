package amplitude

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two full rounds of passes and exchanges end the game: 4 idle turns in a
// row for 2 players, 6 for 3.
func TestRulesTwoIdleRoundsEndTheGame(t *testing.T) {
	for _, c := range []struct {
		seats int
		bag   string
		moves []string // idle turns in seating order from seat 0
	}{
		{2, seedDeal, []string{"pass", "pass", "exchange 1", "pass"}},
		{2, seedDeal, []string{"exchange 5", "exchange 6 7", "pass", "exchange 9"}},
		{3, seedDeal3, []string{"pass", "pass", "pass", "exchange 2 3", "pass", "pass"}},
	} {
		s := rulesDeal(t, c.bag, c.seats)
		for i, text := range c.moves {
			require.False(t, s.Over(), "over after %d idle turns", i)
			s, _ = rulesPlay(t, s, i%c.seats, text)
		}
		assert.True(t, s.Over(), "%d idle turns with %d players", len(c.moves), c.seats)
		assert.Equal(t, "two full rounds went by without a pose", s.Ending())
		assert.Equal(t, -1, s.ToMove())
		assert.Len(t, s.Winners(), c.seats, "0 points each: a shared win")
	}
}

// A pose starts the count of idle turns again.
func TestRulesPoseResetsIdleTurns(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	for _, text := range []string{"pass", "pass", "pass"} {
		s, _ = rulesPlay(t, s, s.ToMove(), text)
	}
	require.Equal(t, 3, s.idle)
	s, _ = rulesPlay(t, s, 1, "H8 right 1+6=7")
	assert.Equal(t, 0, s.idle)
	for _, text := range []string{"pass", "pass", "exchange 2"} {
		s, _ = rulesPlay(t, s, s.ToMove(), text)
		require.False(t, s.Over())
	}
	s, out := rulesPlay(t, s, 1, "pass")
	assert.True(t, s.Over())
	assert.Contains(t, lang.All(out.Events, lang.English), "Game over: two full rounds went by without a pose.")
	assert.Equal(t, []int{1}, s.Winners())
}

// The racks 4 7 7 7 9 and 4 7 9 9 9 make no true line on an empty board,
// the only racks of which that is so.
const (
	stuckRack0 = "47779"
	stuckRack1 = "47999"
)

// The engine ends the game itself when nobody can pose: here at once after
// a pass.
func TestRulesNobodyCanPoseAfterPass(t *testing.T) {
	s := rulesPosition(t, nil, []string{stuckRack0, stuckRack1})
	require.False(t, s.Over())
	s, out := rulesPlay(t, s, 0, "pass")
	assert.True(t, s.Over())
	assert.Equal(t, "nobody can pose any more", s.Ending())
	assert.Contains(t, lang.All(out.Events, lang.English), "Game over: nobody can pose any more.")
	assert.Equal(t, []int{0, 1}, s.Winners())
}

// An exchange can leave every rack without a pose: the game ends there.
func TestRulesNobodyCanPoseAfterExchange(t *testing.T) {
	// Seat 0 starts with 1 2 7 7 9 and will draw 4 7; seat 1 holds 4 7 9 9 9.
	s := rulesDeal(t, "94"+"1277"+"7999"+"47", 2)
	require.False(t, s.Over())
	require.True(t, s.CanPose(0))
	require.False(t, s.CanPose(1))
	s, _ = rulesPlay(t, s, 0, "exchange 1 2")
	assert.Equal(t, rulesDigits(stuckRack0), s.Rack(0))
	assert.True(t, s.Over())
	assert.Equal(t, "nobody can pose any more", s.Ending())
}

// A deal in which nobody can pose is over before the first move.
func TestRulesNobodyCanPoseAtTheDeal(t *testing.T) {
	s := rulesDeal(t, "94"+"4777"+"7999", 2)
	assert.Equal(t, rulesDigits(stuckRack0), s.Rack(0))
	assert.Equal(t, rulesDigits(stuckRack1), s.Rack(1))
	assert.True(t, s.Over())
	assert.Equal(t, -1, s.ToMove())
	assert.Equal(t, "nobody can pose any more", s.Ending())
}

func TestRulesCanPose(t *testing.T) {
	for _, c := range []struct {
		name  string
		board []string
		rack  string
		can   bool
	}{
		{"seed rack, empty board", nil, "12345", true},
		{"no first pose", nil, stuckRack0, false},
		{"no first pose either", nil, stuckRack1, false},
		{"a crossing helps", rowBoard, stuckRack0, true},
		{"four equal digits", nil, "99995", true}, // 9/9×9=9
	} {
		t.Run(c.name, func(t *testing.T) {
			s := rulesPosition(t, nil, []string{c.rack, "11111"}, c.board...)
			assert.Equal(t, c.can, s.CanPose(0))
			poses := s.Poses(0)
			assert.Equal(t, c.can, len(poses) > 0)
			if len(poses) > 0 {
				assert.NoError(t, s.Legal(0, poses[0].Move), "%s", poses[0].Move)
			}
		})
	}
}
