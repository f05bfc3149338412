package ludicitude

import (
	"math/rand/v2"
	"pbem/lang"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// Each test here checks one rule of shared/rules/ludicitude.md, or one of
// its [D] decisions, from a position given to the setup option.

func TestStartPosition(t *testing.T) {
	st, err := Game{}.New(nil, 7, 2)
	require.NoError(t, err)
	s := st.(*State)
	assert.Equal(t, ".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", s.Position())
	assert.Equal(t, White, s.ToMove(), "[D] White moves first")
	for _, q := range []string{"b1", "c1", "d1", "e1", "f1", "d2"} {
		assert.Equal(t, "W1", cube(s, q), q)
	}
	for _, q := range []string{"b7", "c7", "d7", "e7", "f7", "d6"} {
		assert.Equal(t, "B1", cube(s, q), q)
	}
	assert.Equal(t, []string{"b1-a1", "b1-b2", "c1-c2", "e1-e2", "f1-g1", "f1-f2", "d2-c2", "d2-e2", "d2-d3"}, actionStrings(s))
	_, err = Game{}.New(nil, 7, 3)
	assert.True(t, engine.IsRefusal(err))
}

func TestSlideGoesOneToLevelSquares(t *testing.T) {
	s := setup(t, layout("w 0/0", "c2 W1", "f2 W2", "b6 W3", "g7 B1"))
	from := map[string][]string{}
	for _, m := range actionStrings(s) {
		f, to, _ := strings.Cut(m, "-")
		from[f] = append(from[f], to)
	}
	assert.ElementsMatch(t, []string{"c1", "c3", "b2", "d2"}, from["c2"], "level 1: one square")
	assert.ElementsMatch(t, []string{"f1", "f3", "f4", "e2", "d2", "g2"}, from["f2"], "level 2: one or two")
	assert.ElementsMatch(t, []string{"b7", "b5", "b4", "b3", "a6", "c6", "d6", "e6"}, from["b6"], "level 3: up to three")
	assert.Equal(t, "c4 is 2 squares from c2, and the cube there, at level 1, slides at most 1 square", refusal(t, s, "c2-c4"))
	assert.Equal(t, "f5 is 3 squares from f2, and the cube there, at level 2, slides at most 2 squares", refusal(t, s, "f2-f5"))

	s, _ = play(t, s, "b6-b3")
	assert.Equal(t, "W3", cube(s, "b3"))
	assert.Equal(t, ".", cube(s, "b6"))
}

func TestSlideStopsAtCubesWallAndEdge(t *testing.T) {
	s := setup(t, layout("w 0/0", "c1 W3", "c2 B1", "d2 W3", "a1 W3", "g7 B1"))
	assert.Equal(t, "c3 is not reachable: c2 is occupied", refusal(t, s, "c1-c3"))
	assert.Equal(t, "c2 is occupied: a cube stops on an empty square", refusal(t, s, "c1-c2"))
	assert.Equal(t, "d5 is not reachable: the wall on d4 is in the way", refusal(t, s, "d2-d5"))
	assert.Equal(t, "d4 is the wall: no cube stops there", refusal(t, s, "d2-d4"))
	var fromA1, fromD2 []string
	for _, m := range actionStrings(s) {
		switch {
		case strings.HasPrefix(m, "a1-"):
			fromA1 = append(fromA1, m)
		case strings.HasPrefix(m, "d2-"):
			fromD2 = append(fromD2, m)
		}
	}
	assert.ElementsMatch(t, []string{"a1-a2", "a1-a3", "a1-a4", "a1-b1"}, fromA1, "the edge and c1 stop a1")
	assert.ElementsMatch(t, []string{"d2-d1", "d2-d3", "d2-e2", "d2-f2", "d2-g2"}, fromD2, "the wall stops d2 at d3, c2 stops it west")
}

func TestSlideRefusals(t *testing.T) {
	s := setup(t, layout("w 0/0", "c1 W1", "b7 B1"))
	assert.Equal(t, "there is no cube on c4", refusal(t, s, "c4-c5"))
	assert.Equal(t, "the cube on b7 is Black's, not yours", refusal(t, s, "b7-b6"))
	assert.Equal(t, "c1-d2 is not a straight line: a cube slides along its rank or its file", refusal(t, s, "c1-d2"))
	assert.Equal(t, "c1-c1 does not move the cube: a cube slides 1 to 3 squares, as far as its level", refusal(t, s, "c1-c1"))
	assert.Equal(t, "d4 is the wall: there is no cube on it", refusal(t, s, "d4-d5"))
	m, _ := ParseMove("b7-b6")
	assert.EqualError(t, s.Legal(Black, m), "it is not your turn: White is to play")
	assert.EqualError(t, s.Legal(2, m), "there is no seat 3 in this game: Ludicitude has two, White and Black")
}

func TestDropOnAFreeCornerAtLevelOne(t *testing.T) {
	s := setup(t, layout("w 1/0", "c3 W2", "e5 B1"))
	assert.Equal(t, []string{"drop a1", "drop g1", "drop a7", "drop g7"}, actionStrings(s)[len(actionStrings(s))-4:])
	next, out := play(t, s, "@a7")
	assert.Equal(t, "drop a7", out.Move)
	assert.Equal(t, "W1", cube(next, "a7"), "[D] a dropped cube enters at level 1")
	assert.Equal(t, 0, next.Reserve(White))
	assert.Equal(t, 1, next.QuietTurns(), "a drop captures nothing")

	assert.Equal(t, "c5 is not a corner: a cube drops on a free corner (a1, g1, a7 or g7), or next to a corner when all four are taken", refusal(t, s, "drop c5"))
	assert.Equal(t, "b1 is next to a corner, but a cube drops there only when all four corners are taken, and a1, g1, a7 and g7 are free", refusal(t, s, "*b1"))
	assert.Equal(t, "d4 is the wall: no cube stands there", refusal(t, s, "drop d4"))
	assert.Equal(t, "a drop names one square, as drop a7, and nothing after it: a drop captures nothing, so it earns no promotion", refusal(t, s, "drop a1 +c3"))
	assert.EqualError(t, s.Legal(White, Move{Kind: Drop, To: 0, Promote: []Square{16}}), "a drop captures nothing, so it earns no promotion")
	next, _ = play(t, next, "e5-e4")
	assert.Equal(t, "you have no cube in reserve to drop", refusal(t, next, "drop g7"))
	assert.Equal(t, "a7 is occupied: a cube drops on an empty square", refusal(t, setup(t, layout("w 1/0", "a7 B1", "c3 W1")), "drop a7"))
}

func TestDropCapturesNothing(t *testing.T) {
	// a2 is Black's, walled in by a3, b2 and (after the drop) a1: a drop
	// never captures.
	s := setup(t, layout("w 1/0", "a3 W1", "b2 W1", "b1 W1", "a2 B1", "g4 B1"))
	s, out := play(t, s, "drop a1")
	assert.Equal(t, "B1", cube(s, "a2"))
	assert.Zero(t, out.Score)
	assert.Empty(t, lang.All(out.Events, lang.English))
}

func TestDropFallsBackNextToACorner(t *testing.T) {
	s := setup(t, layout("w 1/0", "a1 W1", "g1 W1", "a7 B1", "g7 B1", "d6 B1"))
	var drops []string
	for _, m := range actionStrings(s) {
		if strings.HasPrefix(m, "drop") {
			drops = append(drops, m)
		}
	}
	assert.Equal(t, []string{"drop b1", "drop f1", "drop a2", "drop g2", "drop a6", "drop g6", "drop b7", "drop f7"}, drops)
	assert.Equal(t, "a7 is occupied: a cube drops on an empty square", refusal(t, s, "drop a7"))
	s, _ = play(t, s, "drop f1")
	assert.Equal(t, "W1", cube(s, "f1"))
}

func TestDropRefusedWhenTheOpponentCouldCaptureAtOnce(t *testing.T) {
	// By enclosure: Black on b1 and a3; a cube on a1 is taken by a3-a2.
	s := setup(t, layout("w 1/0", "b1 B1", "a3 B1", "e3 W1"))
	assert.Equal(t, "a cube dropped on a1 could be captured at once by Black's a3-a2, and a drop must not allow an immediate capture", refusal(t, s, "drop a1"))
	assert.NotContains(t, actionStrings(s), "drop a1")
	assert.Contains(t, actionStrings(s), "drop g1")

	// By custodian, next to a corner: Black's c2-c1 would close b1 against
	// a1.
	s = setup(t, layout("w 1/0", "a1 B1", "g1 W1", "a7 W1", "g7 B1", "c2 B1"))
	assert.Equal(t, "a cube dropped on b1 could be captured at once by Black's c2-c1, and a drop must not allow an immediate capture", refusal(t, s, "drop b1"))
	assert.NotContains(t, actionStrings(s), "drop b1")
	assert.Contains(t, actionStrings(s), "drop f1")
}

func TestCustodianCapture(t *testing.T) {
	s := setup(t, layout("w 0/0", "b2 W1", "b4 B1", "b5 W1", "g7 B1"))
	s, out := play(t, s, "b2-b3")
	assert.Equal(t, ".", cube(s, "b4"))
	assert.Equal(t, 1, s.Reserve(Black), "a custodian capture goes back to its owner's reserve")
	assert.Equal(t, 0, s.Reserve(White))
	assert.Equal(t, 1, out.Score)
	assert.Equal(t, []int{1, 0}, s.Scores())
	assert.Equal(t, 0, s.QuietTurns())
	assert.Contains(t, lang.All(out.Events, lang.English), "White captures b4 by custodian: back to Black's reserve.")
}

func TestCustodianInSeveralDirectionsAtOnce(t *testing.T) {
	s := setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W1", "d3 B1", "e3 W1", "b3 B1", "a3 W1", "g7 B1"))
	s, out := play(t, s, "c2-c3")
	for _, q := range []string{"b3", "c4", "d3"} {
		assert.Equal(t, ".", cube(s, q), q)
	}
	assert.Equal(t, 3, s.Reserve(Black))
	assert.Equal(t, 3, out.Score)
	assert.Equal(t, "c2-c3 +a3 +c3 +e3", out.Move, "three captures, three promotions: lowest level, then square order")
	assert.Contains(t, lang.All(out.Events, lang.English), "White captures b3, d3 and c4 by custodian: back to Black's reserve.")
}

func TestCustodianLineOfThree(t *testing.T) {
	s := setup(t, layout("w 0/0", "a1 W1", "a3 B1", "a4 B2", "a5 B3", "a6 W1", "g1 W2", "g7 B1"))
	s, out := play(t, s, "a1-a2")
	for _, q := range []string{"a3", "a4", "a5"} {
		assert.Equal(t, ".", cube(s, q), q)
	}
	assert.Equal(t, 3, s.Reserve(Black))
	assert.Equal(t, "a1-a2 +g1 +a2 +a6", out.Move, "promotions are written in square order, a1, b1 … g1, a2 …")
	assert.Equal(t, "W2", cube(s, "a2"))
	assert.Equal(t, "W3", cube(s, "g1"))

	// The captured cubes come back at level 1, whatever their level was.
	s, _ = play(t, s, "g7-g6", "a2-b2", "drop g7")
	assert.Equal(t, "B1", cube(s, "g7"))
}

func TestCustodianNeedsACubeAtTheFarEnd(t *testing.T) {
	// c4 leans on the wall, f7 g7 on the edge, b5 has a gap behind it: no
	// capture.
	s := setup(t, layout("w 0/0", "b3 W1", "c4 B1", "e6 W1", "f7 B1", "g7 B1", "a4 W1", "b5 B1", "b7 W1", "d1 B1"))
	for _, m := range []string{"b3-b4", "e6-e7", "a4-a5"} {
		next, out := play(t, s, m)
		assert.Zero(t, out.Score, m)
		assert.Equal(t, 5, next.OnBoard(Black), m)
	}
}

func TestPromotionsNamedAndChosen(t *testing.T) {
	pos := layout("w 0/0", "b2 W1", "b4 B1", "b5 W1", "c6 B1", "c4 W1", "g1 W2", "a7 W3", "g7 B1")
	// b2-b3 takes b4 (closed by b5); c4... c5 is empty, so one capture.
	s := setup(t, pos)
	_, out := play(t, s, "b2-b3")
	assert.Equal(t, "b2-b3 +b3", out.Move, "chosen: the lowest level first, then a1, b1 … g7")
	assert.Contains(t, lang.All(out.Events, lang.English), "White promotes b3 to level 2 (b3 chosen by the server: lowest level first, then a1, b1 ... g7).")

	next, out := play(t, setup(t, pos), "b2-b3 +g1")
	assert.Equal(t, "b2-b3 +g1", out.Move)
	assert.Equal(t, "W3", cube(next, "g1"))
	assert.Equal(t, "W1", cube(next, "b3"))
	assert.Contains(t, lang.All(out.Events, lang.English), "White promotes g1 to level 3.")

	_, out = play(t, setup(t, pos), "b2-b3 promote b5")
	assert.Equal(t, "b2-b3 +b5", out.Move)

	s = setup(t, pos)
	assert.Equal(t, "b2-b3 captures 1 cube by custodian and so earns 1 promotion, and you named 2", refusal(t, s, "b2-b3 +g1 +b5"))
	assert.Equal(t, "the cube on a7 is at level 3 already: it cannot be promoted", refusal(t, s, "b2-b3 +a7"))
	assert.Equal(t, "b2 holds no cube of yours after the move, so it cannot be promoted", refusal(t, s, "b2-b3 +b2"))
	assert.Equal(t, "c6 holds no cube of yours after the move, so it cannot be promoted", refusal(t, s, "b2-b3 +c6"))
	assert.Equal(t, "b5 is named twice: a cube is promoted at most once per turn", refusal(t, s, "b2-b3 +b5 +b5"))
	m := Move{Kind: Slide, From: 8, To: 15, Promote: []Square{32, 32}}
	assert.EqualError(t, s.Legal(White, m), "b2-b3 captures 1 cube by custodian and so earns 1 promotion, and you named 2")
	assert.Equal(t, "c4-c5 captures nothing by custodian, so it earns no promotion, and you named 1", refusal(t, s, "c4-c5 +b2"))
}

func TestPromotionsNamedFewerThanEarned(t *testing.T) {
	s := setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W2", "d3 B1", "e3 W1", "g7 B1"))
	s, out := play(t, s, "c2-c3 +c5")
	assert.Equal(t, "c2-c3 +c3 +c5", out.Move, "c5 named, c3 chosen (level 1, before e3)")
	assert.Equal(t, "W3", cube(s, "c5"))
	assert.Equal(t, "W2", cube(s, "c3"))
	assert.Equal(t, "W1", cube(s, "e3"))
	assert.Contains(t, lang.All(out.Events, lang.English), "White promotes c3 to level 2 and c5 to level 3 (c3 chosen by the server: lowest level first, then a1, b1 ... g7).")
}

func TestPromotionsLimitedToCubesBelowLevelThree(t *testing.T) {
	// Three captures, but only b2 can rise, and once: 1 → 2, never 1 → 3.
	s := setup(t, layout("w 0/0", "a1 W1", "a3 B1", "a4 B1", "a5 B1", "a6 W3", "g1 W3", "g7 B1"))
	s, out := play(t, s, "a1-a2")
	assert.Equal(t, "a1-a2 +a2", out.Move)
	assert.Equal(t, "W2", cube(s, "a2"))
	assert.Equal(t, 3, s.Reserve(Black))
}

func TestEnclosureOfACornerCube(t *testing.T) {
	s := setup(t, layout("w 0/0", "a1 B2", "b1 W1", "a3 W1", "g7 B1"))
	s, out := play(t, s, "a3-a2")
	assert.Equal(t, ".", cube(s, "a1"))
	assert.Equal(t, 1, s.Reserve(White), "an enclosed cube joins the captor's reserve")
	assert.Equal(t, 0, s.Reserve(Black))
	assert.Equal(t, "a3-a2", out.Move, "no promotion for an enclosure")
	assert.Contains(t, lang.All(out.Events, lang.English), "White encloses a1: it joins White's reserve.")

	// The captor drops it in its own colour.
	s, _ = play(t, s, "g7-g6", "drop g1")
	assert.Equal(t, "W1", cube(s, "g1"))
}

func TestEnclosureAgainstTheWallAndTheEdge(t *testing.T) {
	// a4 b4 c4: the edge closes a4, the wall on d4 closes c4; c5 is the
	// last liberty. c4 is also on a custodian line (c5, c4, c3) but a cube
	// both kinds take is taken by enclosure, without promotion.
	s := setup(t, layout("w 0/0", "a4 B1", "b4 B2", "c4 B1", "a3 W1", "b3 W1", "c3 W1", "a5 W1", "b5 W1", "c7 W2", "g7 B1"))
	s, out := play(t, s, "c7-c5")
	for _, q := range []string{"a4", "b4", "c4"} {
		assert.Equal(t, ".", cube(s, q), q)
	}
	assert.Equal(t, 3, s.Reserve(White))
	assert.Equal(t, 0, s.Reserve(Black))
	assert.Equal(t, "c7-c5", out.Move)
	assert.Equal(t, 3, out.Score)
	assert.Contains(t, lang.All(out.Events, lang.English), "White encloses a4, b4 and c4: they join White's reserve.")
}

func TestEnclosureOfAGroupInACorner(t *testing.T) {
	s := setup(t, layout("w 0/0", "a1 B1", "a2 B1", "b1 B1", "c1 W1", "b2 W1", "a4 W1", "g7 B1"))
	s, _ = play(t, s, "a4-a3")
	assert.Equal(t, 3, s.Reserve(White))
	assert.Equal(t, 1, s.OnBoard(Black))
}

func TestEnclosureOnlyNextToTheMovedCube(t *testing.T) {
	// The group a1 b1 has no liberty, but the move is far from it.
	s := setup(t, layout("w 0/0", "a1 B1", "b1 B1", "a2 W1", "b2 W1", "c1 W1", "g4 W1", "g7 B1"))
	s, out := play(t, s, "g4-g5")
	assert.Zero(t, out.Score)
	assert.Equal(t, "B1", cube(s, "a1"))
}

func TestCaptureByBothKindsIsAnEnclosure(t *testing.T) {
	// a1-a2: a3 is closed by a4 (custodian) and walled in by a2, a4, b3 and
	// the edge (enclosure): enclosure wins. b2 is closed by c2 but has b1
	// free: custodian only, one promotion.
	s := setup(t, layout("w 0/0", "a1 W1", "a3 B1", "a4 W1", "b3 W1", "b2 B1", "c2 W1", "g7 B1"))
	s, out := play(t, s, "a1-a2")
	assert.Equal(t, 1, s.Reserve(White), "a3 enclosed")
	assert.Equal(t, 1, s.Reserve(Black), "b2 back to Black")
	assert.Equal(t, "a1-a2 +a2", out.Move, "one promotion, for the custodian capture only")
	assert.Equal(t, 2, out.Score)
}

func TestWinByFullPromotion(t *testing.T) {
	pos := layout("w 0/0", "b2 W2", "b4 B1", "b5 W3", "g7 B1")
	s, out := play(t, setup(t, pos), "b2-b3")
	assert.True(t, s.Over())
	assert.Equal(t, []int{White}, s.Winners())
	assert.Equal(t, "White wins: every white cube is on the board at level 3", s.Ending())
	assert.Contains(t, lang.All(out.Events, lang.English), "White wins: every white cube is on the board at level 3.")
	assert.Equal(t, -1, s.ToMove())
	assert.Empty(t, s.LegalMoves(Black))
	m, _ := ParseMove("g7-g6")
	assert.EqualError(t, s.Legal(Black, m), "the game is over: White wins: every white cube is on the board at level 3")

	// Not with a cube in reserve: every cube owned must be on the board.
	s, _ = play(t, setup(t, layout("w 1/0", "b2 W2", "b4 B1", "b5 W3", "g7 B1")), "b2-b3")
	assert.False(t, s.Over())
}

func TestWinByAnEmptyEnemyBoard(t *testing.T) {
	s := setup(t, layout("w 0/4", "b2 W1", "b4 B3", "b5 W1"))
	s, _ = play(t, s, "b2-b3")
	assert.True(t, s.Over())
	assert.Equal(t, []int{White}, s.Winners())
	assert.Equal(t, "White wins: Black has no cube left on the board", s.Ending())
	assert.Equal(t, 5, s.Reserve(Black), "its reserve does not save it")
}

func TestWinIsJudgedAtTheEndOfTheWinnersTurn(t *testing.T) {
	// White encloses Black's only cube below level 3: every black cube is
	// now at level 3, but the turn was White's; Black wins at the end of
	// its own next turn.
	s := setup(t, layout("w 0/0", "a1 B1", "e5 B3", "g7 B3", "b1 W1", "a3 W1", "c3 W1"))
	s, _ = play(t, s, "a3-a2")
	assert.False(t, s.Over())
	assert.Equal(t, 1, s.Reserve(White))
	s, _ = play(t, s, "e5-e6")
	assert.True(t, s.Over())
	assert.Equal(t, []int{Black}, s.Winners())
	assert.Equal(t, "Black wins: every black cube is on the board at level 3", s.Ending())
}

func TestAutomaticPass(t *testing.T) {
	// Black's a1 b1 cannot move and Black has no reserve.
	s := setup(t, layout("w 0/0", "a1 B1", "b1 B1", "a2 W1", "b2 W1", "c1 W1", "g4 W1"))
	s, out := play(t, s, "g4-g5")
	assert.Contains(t, lang.All(out.Events, lang.English), "Black has no legal action and passes.")
	assert.Equal(t, White, s.ToMove())
	assert.Equal(t, 2, s.QuietTurns(), "a pass counts as a turn")
	assert.Equal(t, 1, s.MoveCount())
	assert.Equal(t, []engine.Move{Move{Kind: Draw}, Move{Kind: Resign}}, s.LegalMoves(Black))
	assert.Contains(t, s.Render(engine.View{Seat: -1}), "had no legal action")

	// Drops that the rule against immediate captures forbids are no
	// action either: White's e1, c7 and e7 guard the free corners.
	s = setup(t, layout("w 0/1", "a1 B1", "a2 W1", "b1 W1", "g2 W1", "e1 W1", "a6 W1", "c7 W1", "g6 W1", "e7 W1", "d2 W1"))
	s, out = play(t, s, "d2-d3")
	assert.Contains(t, lang.All(out.Events, lang.English), "Black has no legal action and passes.")
	assert.Equal(t, White, s.ToMove())
}

func TestDrawByThreefoldRepetition(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	s := st.(*State)
	cycle := []string{"b1-a1", "b7-a7", "a1-b1", "a7-b7"}
	s, _ = play(t, s, cycle...)
	assert.Equal(t, 2, s.Occurrences(), "the start counts as the first occurrence")
	s, _ = play(t, s, cycle[:3]...)
	assert.False(t, s.Over())
	s, out := play(t, s, cycle[3])
	assert.True(t, s.Over())
	assert.Empty(t, s.Winners())
	assert.Equal(t, "Draw: the same position has occurred three times since the last capture", s.Ending())
	assert.Contains(t, lang.All(out.Events, lang.English), "Draw: the same position has occurred three times since the last capture.")
}

func TestDrawAfterTwoHundredQuietTurns(t *testing.T) {
	// One cube each can never capture: a walk that never repeats a
	// position three times ends on the 200th turn.
	s := setup(t, layout("w 0/0", "a1 W2", "g7 B2"))
	rng := rand.New(rand.NewPCG(1, 2))
	for turn := 1; turn <= quietLimit; turn++ {
		require.False(t, s.Over(), "turn %d: %s", turn, s.Ending())
		var fresh []*State
		for _, m := range s.Actions() {
			next, _, err := s.Apply(s.ToMove(), m)
			require.NoError(t, err)
			if n := next.(*State); n.Occurrences() < repeatLimit {
				fresh = append(fresh, n)
			}
		}
		require.NotEmpty(t, fresh)
		s = fresh[rng.IntN(len(fresh))]
		assert.Equal(t, turn, s.QuietTurns())
	}
	assert.True(t, s.Over())
	assert.Empty(t, s.Winners())
	assert.Equal(t, "Draw: 200 turns in a row went by without a capture", s.Ending())
}

func TestDrawByAgreement(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	s := st.(*State)

	offered, out := play(t, s, "draw")
	assert.Equal(t, White, offered.DrawOffer())
	assert.Equal(t, White, offered.ToMove(), "an offer does not take the turn")
	assert.Contains(t, lang.All(out.Events, lang.English)[0], "White offers a draw")
	m, _ := ParseMove("draw")
	assert.EqualError(t, offered.Legal(White, m), "you have offered a draw already: it stands until Black answers")

	// Black may accept out of turn.
	done, out := play(t, offered, "b:draw")
	assert.True(t, done.Over())
	assert.Empty(t, done.Winners())
	assert.Equal(t, "Draw by agreement", done.Ending())
	assert.Equal(t, []string{"Black accepts the draw.", "Draw by agreement."}, lang.All(out.Events, lang.English))

	// The offer stands while White plays, and lapses when Black plays on.
	moved, _ := play(t, offered, "b1-a1")
	assert.Equal(t, White, moved.DrawOffer())
	lapsed, out := play(t, moved, "b7-a7")
	assert.Equal(t, -1, lapsed.DrawOffer())
	assert.Contains(t, lang.All(out.Events, lang.English), "Black plays on: the offer of a draw lapses.")

	// Decline.
	declined, out := play(t, offered, "b:decline")
	assert.Equal(t, -1, declined.DrawOffer())
	assert.Equal(t, []string{"Black declines the draw."}, lang.All(out.Events, lang.English))
	m, _ = ParseMove("decline")
	assert.EqualError(t, declined.Legal(Black, m), "there is no offer of a draw to decline")
	assert.EqualError(t, offered.Legal(White, m), "the offer of a draw is yours: Black may decline it, not you")
	assert.Equal(t, 2, declined.MoveCount(), "answers count as moves")
}

func TestResignation(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	s, out := play(t, st.(*State), "b:resign")
	assert.True(t, s.Over())
	assert.Equal(t, []int{White}, s.Winners())
	assert.Equal(t, "White wins: Black resigned", s.Ending())
	assert.Equal(t, "resign", out.Move)
	m, _ := ParseMove("resign")
	assert.EqualError(t, s.Legal(White, m), "the game is over: White wins: Black resigned")
}

func TestCanonicalNotationReplays(t *testing.T) {
	// A game between the computer and a random player, replayed from the
	// moves the history records, gives the same states.
	st, err := Game{}.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
	require.NoError(t, err)
	s := st.(*State)
	rng := rand.New(rand.NewPCG(5, 5))
	var history []string
	var states []*State
	for !s.Over() {
		var m engine.Move
		if s.ToMove() == White {
			m, err = s.BotMove(White)
			require.NoError(t, err)
		} else {
			acts := s.Actions()
			m = acts[rng.IntN(len(acts))]
		}
		next, out, err := s.Apply(s.ToMove(), m)
		require.NoError(t, err)
		s = next.(*State)
		history = append(history, out.Move)
		states = append(states, s)
	}
	st, err = Game{}.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
	require.NoError(t, err)
	for i, text := range history {
		m, err := Game{}.Parse(text)
		require.NoError(t, err, text)
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err, "move %d %s", i+1, text)
		assert.Equal(t, states[i], st, "move %d %s", i+1, text)
	}
}
