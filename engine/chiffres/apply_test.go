package chiffres

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func place(t testing.TB, text string) Move {
	t.Helper()
	m, err := ParseMove(text)
	require.NoError(t, err)
	return m
}

// apply plays a move that must be legal.
func apply(t testing.TB, s *State, seat int, text string) (*State, engine.Outcome) {
	t.Helper()
	next, out, err := s.Apply(seat, place(t, text))
	require.NoError(t, err, "seat %d: %s", seat+1, text)
	return next.(*State), out
}

type otherMove struct{}

func (otherMove) String() string { return "a knight to f3" }

// TestRefusals: each refusal, as the player reads it; the state is the one
// it was.
func TestRefusals(t *testing.T) {
	base := func() *State {
		s := position(t, "E5=4 F5", "03579", "12468")
		s.bank = "55"
		return s
	}
	over := base()
	over.over, over.toMove, over.end = true, -1, endStuck
	resigned := base()
	resigned.resigned[1] = true
	for _, c := range []struct {
		name string
		s    *State
		seat int
		move engine.Move
		want string
	}{
		{"out of turn", base(), 1, place(t, "6 D5"), "it is not your turn"},
		{"a token not held", base(), 0, place(t, "8 E6"), "you hold no 8: your tokens are 0 3 5 7 9"},
		{"another digit on the square", base(), 0, place(t, "7 F4"), "F4 bears a 9, not a 7"},
		{"the centre", base(), 0, place(t, "3 E5"), "E5 is the centre, and the first token, a 4, lies there already"},
		{"a square taken", base(), 0, place(t, "3 F5"), "F5 already holds a 3"},
		{"no token next to it", base(), 0, place(t, "7 F3"), "F3 touches no token: lay a token next to one already on the board, above, below, left or right of it"},
		{"pass when a token fits", base(), 0, Move{Kind: Pass}, "you can place a token (0 on E4, for one), so you may not pass: the server passes a player only when none of their tokens fits"},
		{"pass out of turn", base(), 1, Move{Kind: Pass}, "it is not your turn"},
		{"the game is over", over, 0, place(t, "0 E4"), "the game is over"},
		{"resign once over", over, 0, Move{Kind: Resign}, "the game is over"},
		{"a resigned seat", resigned, 1, place(t, "6 D5"), "you have resigned from this game"},
		{"no such seat", base(), 5, place(t, "0 E4"), "there is no seat 6 in this game"},
		{"a negative seat", base(), -1, Move{Kind: Resign}, "there is no seat 0 in this game"},
		{"another game's move", base(), 0, otherMove{}, `"a knight to f3" is not a Chiffres move`},
		{"a nil move", base(), 0, (*Move)(nil), "no move was given"},
		{"no move", base(), 0, nil, "no move was given"},
		{"a digit out of range", base(), 0, Move{Kind: Place, Digit: 12, At: sq(t, "E4")}, "12 is not a token: tokens are single digits 0 to 9"},
		{"a square out of range", base(), 0, Move{Kind: Place, Digit: 0, At: 90}, "that square is off the board, which runs from A1 to I9"},
		{"an unknown kind", base(), 0, Move{Kind: 9}, "unknown move kind 9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, err := c.s.Encode()
			require.NoError(t, err)
			err = c.s.Legal(c.seat, c.move)
			require.Error(t, err)
			assert.True(t, engine.IsRefusal(err))
			assert.Equal(t, c.want, err.Error())
			next, out, err := c.s.Apply(c.seat, c.move)
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
			assert.Same(t, c.s, next)
			assert.Empty(t, out.Move)
			after, err := c.s.Encode()
			require.NoError(t, err)
			assert.JSONEq(t, string(before), string(after))
		})
	}
}

func TestLegalPlacements(t *testing.T) {
	s := position(t, "E5=4 F5", "03579", "12468")
	for _, text := range []string{"0 E4", "F4=9", "place 5 at F6"} {
		assert.NoError(t, s.Legal(0, place(t, text)), text)
	}
	assert.NoError(t, s.Legal(1, Move{Kind: Resign}), "resign is allowed out of turn")
	assert.NoError(t, s.Legal(1, &Move{Kind: Resign}))
}

func TestPlacementDrawsOneToken(t *testing.T) {
	s := position(t, "E5=4", "03579", "12468")
	s.bank = "56"
	n, out := apply(t, s, 0, "3 F5")
	assert.Equal(t, "3 F5", out.Move)
	assert.Equal(t, 7, out.Score)
	assert.Equal(t, []string{"3 on F5 scores 7: across 4+3 = 7.", "One token drawn; 1 token in the bank."}, lang.All(out.Events, lang.English))
	assert.Equal(t, "05579", n.Hand(0))
	assert.Equal(t, 1, n.BankSize())
	assert.Equal(t, 1, n.ToMove())
	assert.Equal(t, 1, n.MoveCount())
	d, ok := n.Token(sq(t, "F5"))
	assert.True(t, ok)
	assert.Equal(t, 3, d)
	assert.Equal(t, "03579", s.Hand(0), "the old state is unchanged")
	_, ok = s.Token(sq(t, "F5"))
	assert.False(t, ok)

	n, out = apply(t, n, 1, "6 D5")
	assert.Equal(t, "One token drawn; 0 tokens in the bank.", lang.All(out.Events, lang.English)[1])
	n, out = apply(t, n, 0, "0 E4")
	assert.Equal(t, "The bank is empty: no token drawn.", lang.All(out.Events, lang.English)[1])
	assert.Equal(t, "5579", n.Hand(0))
}

// TestAutomaticPass: the second seat holds nothing that fits, so after the
// first seat's placement the turn skips it, and the outcome says so.
func TestAutomaticPass(t *testing.T) {
	s := position(t, "E5=4", "03579", "11347", "68")
	n, out := apply(t, s, 0, "3 F5")
	assert.Equal(t, 2, n.ToMove())
	assert.Equal(t, []int{1}, n.Passed())
	assert.Contains(t, lang.All(out.Events, lang.English), "Seat 2 cannot place a token and passes.")

	n, _ = apply(t, n, 2, "6 D5")
	assert.Equal(t, 0, n.ToMove())
	assert.Empty(t, n.Passed(), "seat 2 was not skipped this time")
}

// TestSamePlayerAgain: when every other seat is stuck, the player who just
// placed plays again.
func TestSamePlayerAgain(t *testing.T) {
	s := position(t, "E5=4", "03579", "11347", "11347")
	n, out := apply(t, s, 0, "3 F5")
	assert.Equal(t, 0, n.ToMove())
	assert.Equal(t, []int{1, 2}, n.Passed())
	assert.Contains(t, lang.All(out.Events, lang.English), "Seat 2 cannot place a token and passes.")
	assert.Contains(t, lang.All(out.Events, lang.English), "Seat 3 cannot place a token and passes.")
	assert.False(t, n.Over())
}

// TestPassWhenNothingFits: pass is accepted from a seat to move that holds
// nothing that fits (a state the server never leaves, as it passes such a
// seat itself).
func TestPassWhenNothingFits(t *testing.T) {
	s := position(t, "E5=4", "12457", "03579")
	require.NoError(t, s.Legal(0, Move{Kind: Pass}))
	assert.Equal(t, []engine.Move{Move{Kind: Pass}, Move{Kind: Draw}, Move{Kind: Resign}}, s.LegalMoves(0))
	n, out := apply(t, s, 0, "pass")
	assert.Equal(t, "pass", out.Move)
	assert.Equal(t, 1, n.ToMove())
	assert.Equal(t, 1, n.MoveCount())
}

// TestEndWhenAHandIsPlayedOut: the bank is empty and the placer lays its
// last token; the others lose three times their tokens, a 0 counting 10.
func TestEndWhenAHandIsPlayedOut(t *testing.T) {
	s := position(t, "E5=4", "3", "05", "8")
	s.scores = []int{10, 50, 20}
	n, out := apply(t, s, 0, "3 F5")
	assert.True(t, n.Over())
	assert.Equal(t, -1, n.ToMove())
	assert.Equal(t, "seat 1 placed every token held, the bank being empty", n.Ending())
	assert.Equal(t, []int{17, 5, -4}, n.Scores())
	assert.Equal(t, []int{0, 45, 24}, n.Penalties())
	assert.Equal(t, []int{0}, n.Winners())
	assert.Equal(t, []string{
		"3 on F5 scores 7: across 4+3 = 7.",
		"The bank is empty: no token drawn.",
		"Game over: seat 1 placed every token held, the bank being empty.",
		"Seat 2 still holds 0 5: 3 × 15 = 45 points off, 5 left.",
		"Seat 3 still holds 8: 3 × 8 = 24 points off, -4 left.",
	}, lang.All(out.Events, lang.English))
	assert.Nil(t, n.LegalMoves(0))
	_, err := n.BotMove(0)
	assert.True(t, engine.IsRefusal(err))
}

// TestEndWhenNobodyCanPlace: a token is left in the bank, but neither seat
// holds a token that fits after this placement.
func TestEndWhenNobodyCanPlace(t *testing.T) {
	s := position(t, "E5=4 E4 E6 D5", "37", "67")
	s.bank = "45"
	n, out := apply(t, s, 0, "3 F5")
	assert.True(t, n.Over())
	assert.Equal(t, "nobody can place a token", n.Ending())
	assert.Equal(t, 1, n.BankSize())
	assert.Equal(t, []int{18 - 3*11, -3 * 13}, n.Scores())
	assert.Equal(t, []string{
		"3 on F5 scores 18: across 6+4+3 +5 = 18.",
		"One token drawn; 1 token in the bank.",
		"Game over: nobody can place a token.",
		"Seat 1 still holds 4 7: 3 × 11 = 33 points off, -15 left.",
		"Seat 2 still holds 6 7: 3 × 13 = 39 points off, -39 left.",
	}, lang.All(out.Events, lang.English))
	assert.Empty(t, n.Passed())
	assert.Equal(t, []int{0}, n.Winners())
}

func TestEqualTotalsShareTheWin(t *testing.T) {
	s := position(t, "E5=4", "3", "1", "1")
	s.scores = []int{0, 10, 3}
	n, _ := apply(t, s, 0, "3 F5")
	assert.Equal(t, []int{7, 7, 0}, n.Scores())
	assert.Equal(t, []int{0, 1}, n.Winners())
	assert.Nil(t, s.Winners(), "no winner while the game goes on")
}

// TestResignOutOfTurn: the seat leaves, the turn stays, later turns skip it
// without a word, and it cannot win.
func TestResignOutOfTurn(t *testing.T) {
	s := position(t, "E5=4", "03579", "03579", "12468")
	s.scores = []int{0, 100, 0}
	n, out := apply(t, s, 1, "resign")
	assert.Equal(t, "resign", out.Move)
	assert.Equal(t, []string{"Seat 2 resigns and leaves the game; their score stays 100."}, lang.All(out.Events, lang.English))
	assert.True(t, n.Resigned(1))
	assert.Equal(t, 0, n.ToMove())
	assert.Nil(t, n.LegalMoves(1))

	n, out = apply(t, n, 0, "3 F5")
	assert.Equal(t, 2, n.ToMove())
	assert.Empty(t, n.Passed())
	assert.NotContains(t, lang.All(out.Events, lang.English), "Seat 2 cannot place a token and passes.")

	n, _ = apply(t, n, 2, "6 D5")
	assert.Equal(t, 0, n.ToMove())
}

// TestResignInTurn: the turn goes on to the next seat that can place.
func TestResignInTurn(t *testing.T) {
	s := position(t, "E5=4", "03579", "12457", "68")
	n, out := apply(t, s, 0, "resign")
	assert.Equal(t, 2, n.ToMove())
	assert.Equal(t, []int{1}, n.Passed())
	assert.Equal(t, []string{
		"Seat 1 resigns and leaves the game; their score stays 0.",
		"Seat 2 cannot place a token and passes.",
	}, lang.All(out.Events, lang.English))
}

// TestResignLeavesOne: the last seat left wins whatever the scores, after
// its own end-of-game penalty; the resigned seat's tokens stay out of play
// and cost it nothing.
func TestResignLeavesOne(t *testing.T) {
	s := position(t, "E5=4", "03579", "12468")
	s.scores = []int{10, 200}
	n, out := apply(t, s, 1, "resign")
	assert.True(t, n.Over())
	assert.Equal(t, "every other player resigned", n.Ending())
	assert.Equal(t, []int{10 - 3*34, 200}, n.Scores())
	assert.Equal(t, []int{102, 0}, n.Penalties())
	assert.Equal(t, []int{0}, n.Winners())
	assert.Equal(t, "12468", n.Hand(1))
	assert.Contains(t, lang.All(out.Events, lang.English), "Game over: every other player resigned.")
}
