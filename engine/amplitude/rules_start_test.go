package amplitude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// The highest first token starts, a tie goes to the earliest seat, the first
// token stays in the rack, then everyone draws 4 more in seating order.
func TestRulesDealPicksStarterAndFillsRacks(t *testing.T) {
	for _, c := range []struct {
		name    string
		bag     string
		starter int
		racks   []string
	}{
		{"highest first token starts", "38" + "1111" + "2222", 1, []string{"11113", "22228"}},
		{"first seat starts when highest", "91" + "2345" + "6789", 0, []string{"23459", "16789"}},
		{"tie goes to the earliest seat", "577" + "1111" + "2222" + "3333", 1, []string{"11115", "22227", "33337"}},
		{"tie of every seat", "4444" + "1111" + "2222" + "3333" + "5555", 0, []string{"11114", "22224", "33334", "45555"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := rulesDeal(t, c.bag, len(c.racks))
			assert.Equal(t, c.starter, s.starter)
			assert.Equal(t, c.starter, s.ToMove())
			for seat, rack := range c.racks {
				assert.Equal(t, rulesDigits(rack), s.Rack(seat), "seat %d", seat)
			}
			assert.Equal(t, 90-5*len(c.racks), s.BagSize())
			assert.Equal(t, [10]int{0, 10, 10, 10, 10, 10, 10, 10, 10, 10}, rulesTokens(s))
			assert.False(t, s.Over())
			assert.Equal(t, make([]int, len(c.racks)), s.Scores())
		})
	}
}

// The same seed and options deal the same game; the rest of the bag after
// the bag option is shuffled by the seed.
func TestRulesDealIsReproducible(t *testing.T) {
	a, err := Game{}.New(nil, 42, 3)
	require.NoError(t, err)
	b, err := Game{}.New(nil, 42, 3)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c, err := Game{}.New(nil, 43, 3)
	require.NoError(t, err)
	assert.NotEqual(t, rulesEncoded(t, a.(*State)), rulesEncoded(t, c.(*State)))
}

func TestRulesSeatCounts(t *testing.T) {
	lo, hi := Game{}.Seats()
	assert.Equal(t, 2, lo)
	assert.Equal(t, 6, hi)
	for seats := 2; seats <= 6; seats++ {
		st, err := Game{}.New(nil, 1, seats)
		require.NoError(t, err, "%d seats", seats)
		assert.Len(t, st.Scores(), seats)
	}
	for _, seats := range []int{-1, 0, 1, 7} {
		st, err := Game{}.New(nil, 1, seats)
		assert.Nil(t, st)
		require.Error(t, err, "%d seats", seats)
		assert.True(t, engine.IsRefusal(err))
		assert.Contains(t, err.Error(), "2 to 6 players")
	}
}

func TestRulesOptions(t *testing.T) {
	for _, c := range []struct {
		name string
		opts engine.Options
		want string // "" when accepted
	}{
		{"no options", nil, ""},
		{"forbidden on", engine.Options{"forbidden": "on"}, ""},
		{"forbidden off", engine.Options{"forbidden": "off"}, ""},
		{"forbidden yes", engine.Options{"forbidden": "YES"}, ""},
		{"empty bag", engine.Options{"bag": ""}, ""},
		{"ten of a digit", engine.Options{"bag": "9999999999"}, ""},
		{"bad forbidden value", engine.Options{"forbidden": "maybe"}, `forbidden is on or off, not "maybe"`},
		{"bag with a 0", engine.Options{"bag": "1203"}, `digits 1 to 9, not "0"`},
		{"bag with a letter", engine.Options{"bag": "12a3"}, `digits 1 to 9, not "a"`},
		{"bag with a space", engine.Options{"bag": "12 3"}, `digits 1 to 9, not " "`},
		{"eleven of a digit", engine.Options{"bag": "55555555555"}, "more than 10 tokens 5"},
		{"unknown option", engine.Options{"colour": "red"}, `no option "colour"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := Game{}.New(c.opts, 1, 2)
			if c.want == "" {
				require.NoError(t, err)
				assert.NotNil(t, st)
				return
			}
			require.Error(t, err)
			assert.Nil(t, st)
			assert.True(t, engine.IsRefusal(err), "%T is not a Refusal", err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	s := rulesDeal(t, "", 2, "forbidden", "on")
	assert.True(t, s.opts.forbidden)
}
