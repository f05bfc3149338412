package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

// PointsWhy says where the chosen score stands among the scores, or the
// reply that the best would have left, in English and in French; and
// nothing where it cannot say it truly.
func TestPointsWhy(t *testing.T) {
	asked := -1
	reply := func(r float64) func(int) float64 {
		return func(i int) float64 { asked = i; return r }
	}
	for _, c := range []struct {
		name     string
		scores   []int
		chosen   int
		topReply func(int) float64
		en, fr   string
		asked    int // the move whose reply was asked, -1 for none
	}{
		{"ties", []int{5, 12, 12, 3, 12}, 12, nil,
			"One of its 3 moves with the best score.", "Un de ses 3 coups au meilleur score.", -1},
		{"the best of several", []int{5, 12, 0, 3}, 12, nil,
			"The best score of its 3 moves that score.", "Le meilleur score de ses 3 coups qui marquent des points.", -1},
		{"the only one", []int{0, 7, 0}, 7, nil,
			"Its only move that scores.", "Son seul coup qui marque des points.", -1},
		{"below the best for the reply it leaves", []int{5, 15, 12, 15}, 12, reply(23.6),
			"Scores 12 rather than 15: the 15-point move would leave the opponent a reply worth about 24 points.",
			"Marque 12 plutôt que 15 : le coup à 15 points laisserait à l'adversaire une réponse d'environ 24 points.", 1},
		{"a reply worth less than the points given up explains nothing", []int{15, 12}, 12, reply(2), "", "", 0},
		{"below the best at a level that weighs no reply", []int{15, 12}, 12, nil, "", "", -1},
		{"nothing scores", []int{0, 0}, 0, nil, "", "", -1},
		{"no move", nil, 0, nil, "", "", -1},
		{"a move not among the scores", []int{4, 6}, 9, reply(30), "", "", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			asked = -1
			why := PointsWhy(c.scores, c.chosen, c.topReply)
			assert.Equal(t, c.en, why.In(lang.English))
			assert.Equal(t, c.fr, why.In(lang.French))
			assert.Equal(t, c.asked, asked, "the reply asked for")
		})
	}
}

// plainBot is a game whose computer has neither levels nor explanations.
type plainBot struct{ State }

func (plainBot) BotMove(int) (Move, error) { return typedMove("x"), nil }

// A game without explanations plays its move and says nothing.
func TestBotMoveWhyFallsBack(t *testing.T) {
	m, why, err := BotMoveWhy(plainBot{}, 0, LevelNormal, 0)
	assert.NoError(t, err)
	assert.Equal(t, "x", m.String())
	assert.True(t, why.IsZero())
}

// PointsMoveWhy says nothing at easy, nor of a move that is no candidate,
// passes BotMoveAt's error on, and asks the reply at strong only.
func TestPointsMoveWhy(t *testing.T) {
	cands := func() []int { return []int{7, 9, 4} }
	score := func(c int) int { return c }
	is := func(n int) func(int) bool { return func(c int) bool { return c == n } }
	asked := false
	reply := func(int) float64 { asked = true; return 30 }
	move := typedMove("m")
	for _, c := range []struct {
		level  Level
		played func(int) bool
		en     string
		asked  bool
	}{
		{LevelNormal, is(9), "The best score of its 3 moves that score.", false},
		{LevelEasy, is(4), "", false},
		{LevelNormal, is(0), "", false},
		{LevelStrong, is(7), "Scores 7 rather than 9: the 9-point move would leave the opponent a reply worth about 30 points.", true},
	} {
		asked = false
		m, why, err := PointsMoveWhy(Move(move), nil, c.level, cands, score, c.played, reply)
		assert.NoError(t, err)
		assert.Equal(t, move, m)
		assert.Equal(t, c.en, why.In(lang.English), c.level)
		assert.Equal(t, c.asked, asked, c.level)
	}
	refused := Refuse("it is not your turn")
	_, why, err := PointsMoveWhy(nil, refused, LevelNormal, cands, score, is(9), reply)
	assert.Equal(t, refused, err)
	assert.True(t, why.IsZero())
}
