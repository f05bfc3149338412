package server

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
)

// TestWithoutRack: the refusals that tell a player their own rack, as the
// engines word them, lose it in the log's reason; other reasons stay.
func TestWithoutRack(t *testing.T) {
	for _, c := range []struct {
		game engine.Game
		move func(rack string) string // a move the rack cannot play
	}{
		{amplitude.Game{}, func(rack string) string { return "H8 right " + strings.Repeat(missing(rack), 3) }},
		{chiffres.Game{}, func(rack string) string { return missing(rack) + " A1" }},
	} {
		st, err := c.game.New(nil, 7, 2)
		require.NoError(t, err)
		seat := st.ToMove()
		rack := st.(engine.Inspector).Hand(seat)
		require.NotEmpty(t, rack)
		m, err := c.game.Parse(c.move(rack))
		require.NoError(t, err)
		why := st.Legal(seat, m)
		require.Error(t, why, c.game.ID())
		hidden := withoutRack(why.Error())
		assert.NotEqual(t, why.Error(), hidden, "%s: %s", c.game.ID(), why)
		assert.NotContains(t, hidden, spacedRack(rack), "%s: %s", c.game.ID(), hidden)
		t.Logf("%s: %s → %s", c.game.ID(), why, hidden)
	}
	for _, keep := range []string{"1 move", "no valid reply token for game 12", "over the 1048576-byte cap", "H8 holds a 3, not a 4"} {
		assert.Equal(t, keep, withoutRack(keep))
	}
	assert.Equal(t, "you can place a token (rack), so you may not pass", withoutRack("you can place a token (3 on F4, for one), so you may not pass"))
	assert.Equal(t, "you hold no 7: your tokens are (rack)", withoutRack("you hold no 7: your tokens are 3"))
}

// missing is a digit the rack does not hold.
func missing(rack string) string {
	for d := '9'; d >= '0'; d-- {
		if !strings.ContainsRune(rack, d) {
			return string(d)
		}
	}
	return "0"
}

// spacedRack writes a rack's digits as the engines' refusals do.
func spacedRack(rack string) string {
	var ds []string
	for _, r := range rack {
		if r >= '0' && r <= '9' {
			ds = append(ds, string(r))
		}
	}
	return strings.Join(ds, " ")
}
