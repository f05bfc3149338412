package amplitude

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exchangeDeal: seat 0 starts with 1 2 3 4 9, seat 1 holds 1 5 6 7 8, and
// the next tokens of the bag are 7 7 7 8 8.
const exchangeDeal = "91" + "1234" + "5678" + "77788"

// An exchange draws the next tokens of the bag, then puts the old ones back,
// keeping the set whole; it passes the turn and counts as an idle turn.
func TestRulesExchangeDrawsTheNextTokens(t *testing.T) {
	s := rulesDeal(t, exchangeDeal, 2)
	bag := s.BagSize()
	s, out := rulesPlay(t, s, 0, "exchange 2 1")
	assert.Equal(t, "exchange 1 2", out.Move)
	assert.Equal(t, 0, out.Score)
	assert.Equal(t, rulesDigits("34779"), s.Rack(0))
	assert.Equal(t, bag, s.BagSize())
	assert.Equal(t, rulesDigits("788"), s.bag[:3], "the old tokens go back after the ones the bag option fixes")
	assert.Equal(t, [10]int{0, 10, 10, 10, 10, 10, 10, 10, 10, 10}, rulesTokens(s))
	assert.Equal(t, 1, s.ToMove())
	assert.Equal(t, 1, s.idle)

	s, _ = rulesPlay(t, s, 1, "exchange 567")
	assert.Equal(t, rulesDigits("17888"), s.Rack(1))
	assert.Equal(t, bag, s.BagSize())
	assert.Equal(t, [10]int{0, 10, 10, 10, 10, 10, 10, 10, 10, 10}, rulesTokens(s))
	assert.Equal(t, 2, s.idle)
}

// The new tokens are drawn before the old ones go back: with a bag of
// exactly as many tokens as exchanged, the player gets all of the bag and
// the bag gets all of the old tokens.
func TestRulesExchangeDrawsBeforeGivingBack(t *testing.T) {
	s := rulesPosition(t, nil, []string{"12345", "16789"}, rowBoard...)
	s.bag = rulesDigits("99")
	s, _ = rulesPlay(t, s, 0, "exchange 1 2")
	assert.Equal(t, rulesDigits("34599"), s.Rack(0))
	assert.ElementsMatch(t, rulesDigits("12"), s.bag)
}

func TestRulesExchangeRefusals(t *testing.T) {
	s := rulesDeal(t, exchangeDeal, 2)
	rulesRefusedText(t, s, 0, "exchange 5", "your rack holds no 5 (it holds 1 2 3 4 9)")
	rulesRefusedText(t, s, 0, "exchange 1 1", "that needs 2 tokens 1 and your rack holds 1")

	low := rulesPosition(t, nil, []string{"12345", "16789"}, rowBoard...)
	low.bag = rulesDigits("99")
	rulesRefusedText(t, low, 0, "exchange 1 2 3", "the bag holds 2 tokens: you cannot exchange 3")
	low.bag = nil
	rulesRefusedText(t, low, 0, "exchange 1", "the bag holds 0 tokens: you cannot exchange 1")
	_, _ = rulesPlay(t, low, 0, "pass") // passing needs no bag
}

// After a pose the player draws as many tokens as placed, the next ones of
// the bag.
func TestRulesPoseDrawsAsManyAsPlaced(t *testing.T) {
	s := rulesDeal(t, exchangeDeal, 2)
	bag := s.BagSize()
	s, out := rulesPlay(t, s, 0, "H8 right 1+2=3")
	assert.Equal(t, rulesDigits("47779"), s.Rack(0))
	assert.Equal(t, bag-3, s.BagSize())
	assert.Contains(t, lang.All(out.Events, lang.English), "3 tokens placed; 77 left in the bag.")
	assert.Equal(t, 0, s.idle)

	s, out = rulesPlay(t, s, 1, "H8 down 1+7=8")
	assert.Equal(t, rulesDigits("15688"), s.Rack(1))
	assert.Contains(t, lang.All(out.Events, lang.English), "2 tokens placed; 75 left in the bag.")
	assert.Equal(t, [10]int{0, 10, 10, 10, 10, 10, 10, 10, 10, 10}, rulesTokens(s))
}

// When the bag cannot bring the rack back to 5, the player draws what is
// left, the pose still scores, and the game ends.
func TestRulesBagCannotRefillEndsTheGame(t *testing.T) {
	s := rulesPosition(t, nil, []string{"12345", "16789"}, rowBoard...)
	s.bag = rulesDigits("99")
	s.scores = []int{0, 4}
	s, _ = rulesPlay(t, s, 0, "J6 down 1+2=3") // places 2: the bag refills
	assert.False(t, s.Over())
	assert.Empty(t, s.bag)
	assert.Len(t, s.Rack(0), rackSize)

	s, out := rulesPlay(t, s, 1, "H8 down 1+6=7") // places 2, draws none
	assert.Equal(t, 7, out.Score)
	assert.True(t, s.Over())
	assert.Equal(t, -1, s.ToMove())
	assert.Equal(t, "the bag could not refill the rack", s.Ending())
	assert.Contains(t, lang.All(out.Events, lang.English), "Game over: the bag could not refill the rack.")
	assert.Equal(t, rulesDigits("189"), s.Rack(1))
	assert.Equal(t, []int{3, 11}, s.Scores())
	assert.Equal(t, []int{1}, s.Winners())
}

// A bag holding fewer tokens than placed gives what it has; the game ends.
func TestRulesBagPartlyRefillsThenEnds(t *testing.T) {
	s := rulesPosition(t, nil, []string{"12345", "16789"}, rowBoard...)
	s.bag = rulesDigits("9")
	s, _ = rulesPlay(t, s, 0, "J6 down 1+2=3")
	require.True(t, s.Over())
	assert.Equal(t, rulesDigits("3459"), s.Rack(0))
	assert.Empty(t, s.bag)
}
