package amplitude

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// seedDeal3 gives seat 0 the rack 1 2 3 4 5 and the start in a game of three.
const seedDeal3 = "511" + "1234" + "6789" + "6789"

// Only the seat to move may pose, exchange or pass; anyone still playing may
// resign at any time.
func TestRulesTurnOrder(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3) // seat 0 starts
	require.Equal(t, 0, s.ToMove())
	for _, text := range []string{"pass", "exchange 1", "H8 right 1+6=7"} {
		rulesRefusedText(t, s, 1, text, "it is not your turn")
	}
	rulesRefusedText(t, s, 3, "pass", "there is no seat 4 in this game")
	rulesRefusedText(t, s, -1, "resign", "there is no seat 0 in this game")

	s, _ = rulesPlay(t, s, 0, "pass")
	assert.Equal(t, 1, s.ToMove())
	s, _ = rulesPlay(t, s, 1, "pass")
	assert.Equal(t, 2, s.ToMove())
	s, _ = rulesPlay(t, s, 2, "pass")
	assert.Equal(t, 0, s.ToMove(), "the turn comes back round")
	assert.Equal(t, 3, s.MoveCount())
}

// A seat may resign out of turn: the turn stays where it was, and the
// resigned seat is skipped from then on.
func TestRulesResignOutOfTurn(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	s, out := rulesPlay(t, s, 2, "resign")
	assert.Equal(t, "resign", out.Move)
	assert.False(t, s.Over())
	assert.Equal(t, 0, s.ToMove(), "the turn does not move")
	s, _ = rulesPlay(t, s, 0, "pass")
	assert.Equal(t, 1, s.ToMove())
	s, _ = rulesPlay(t, s, 1, "pass")
	assert.Equal(t, 0, s.ToMove(), "seat 2 is skipped")
	rulesRefusedText(t, s, 2, "resign", "you have resigned from this game")
	rulesRefusedText(t, s, 2, "pass", "you have resigned from this game")
}

// Resigning on one's turn passes the turn on.
func TestRulesResignOnTurnPassesTheTurn(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	s, _ = rulesPlay(t, s, 0, "resign")
	assert.False(t, s.Over())
	assert.Equal(t, 1, s.ToMove())
	assert.Equal(t, 0, s.idle, "a resignation is not an idle turn")
}

// With one player left the game ends, and that player wins whatever the
// scores.
func TestRulesLastPlayerLeftWins(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	s, _ = rulesPlay(t, s, 0, "H8 right 3+4-5=2") // 24 points for seat 0
	require.Equal(t, 1, s.ToMove())
	s, out := rulesPlay(t, s, 0, "resign") // out of turn
	assert.True(t, s.Over())
	assert.Equal(t, -1, s.ToMove())
	assert.Equal(t, "every other player resigned", s.Ending())
	assert.Contains(t, lang.All(out.Events, lang.English), "Game over: every other player resigned.")
	assert.Equal(t, []int{24, 0}, s.Scores())
	assert.Equal(t, []int{1}, s.Winners())
	rulesRefusedText(t, s, 1, "pass", "the game is over")
	rulesRefusedText(t, s, 0, "resign", "the game is over")
	assert.Empty(t, s.LegalMoves(1))
}

// A seat that resigned does not win, even with the best score.
func TestRulesResignedSeatDoesNotWin(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	s, _ = rulesPlay(t, s, 0, "H8 right 1+2=3")
	s, _ = rulesPlay(t, s, 0, "resign")
	for _, seat := range []int{1, 2, 1} {
		s, _ = rulesPlay(t, s, seat, "pass")
		assert.False(t, s.Over())
	}
	s, _ = rulesPlay(t, s, 2, "pass") // two rounds of the two players left
	assert.True(t, s.Over())
	assert.Equal(t, []int{6, 0, 0}, s.Scores())
	assert.Equal(t, []int{1, 2}, s.Winners())
}

// The highest total wins; equal totals share the win; nobody wins before
// the end.
func TestRulesWinners(t *testing.T) {
	for _, c := range []struct {
		scores  []int
		winners []int
	}{
		{[]int{3, 10}, []int{1}},
		{[]int{10, 3}, []int{0}},
		{[]int{7, 7}, []int{0, 1}},
		{[]int{5, 9, 9}, []int{1, 2}},
		{[]int{0, 0, 0}, []int{0, 1, 2}},
	} {
		racks := []string{"12345", "12345", "16789"}[:len(c.scores)]
		s := rulesPosition(t, nil, racks, rowBoard...)
		s.scores = append([]int(nil), c.scores...)
		assert.Nil(t, s.Winners(), "not over yet")
		for i := range 2 * len(c.scores) {
			s, _ = rulesPlay(t, s, i%len(c.scores), "pass")
		}
		require.True(t, s.Over())
		assert.Equal(t, c.winners, s.Winners(), "scores %v", c.scores)
	}
}

// A move that ParseMove could not have made is refused, not played: it
// would put a 0 on the board or in the bag, or fall off the board.
func TestRulesMalformedMovesRefused(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	for name, m := range map[string]engine.Move{
		"unknown kind":       Move{Kind: Decline + 1},
		"square before A1":   Move{Kind: Pose, At: -1, Line: []byte{1, 2, 3}},
		"square after O15":   Move{Kind: Pose, At: size * size, Line: []byte{1, 2, 3}},
		"digit 0 in a line":  Move{Kind: Pose, At: centre, Line: []byte{1, 0, 1}},
		"digit 10 in a line": Move{Kind: Pose, At: centre, Line: []byte{10, 1, 10}},
		"exchange of a 0":    Move{Kind: Exchange, Tokens: []byte{0}},
		"exchange of a 10":   Move{Kind: Exchange, Tokens: []byte{10}},
		"nil pointer":        (*Move)(nil),
		"another game's":     engine.Move(otherMove{}),
	} {
		t.Run(name, func(t *testing.T) {
			before := rulesEncoded(t, s)
			require.NotPanics(t, func() {
				next, _, err := s.Apply(0, m)
				require.Error(t, err)
				assert.True(t, engine.IsRefusal(err))
				assert.Same(t, s, next)
				assert.Error(t, s.Legal(0, m))
			})
			assert.Equal(t, before, rulesEncoded(t, s))
		})
	}
	rulesRefused(t, s, 0, Move{Kind: Exchange}, "exchange which tokens?")

	// A pointer to a well-formed move is played like the move.
	m, err := ParseMove("H8 right 1+2=3")
	require.NoError(t, err)
	_, out, err := s.Apply(0, &m)
	require.NoError(t, err)
	assert.Equal(t, 6, out.Score)
}

type otherMove struct{}

func (otherMove) String() string { return "e2e4" }
