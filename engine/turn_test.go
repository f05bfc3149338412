package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

func TestSeatRefusal(t *testing.T) {
	playing := []bool{false, true, false}
	for _, c := range []struct {
		name   string
		seat   int
		over   bool
		en, fr string
	}{
		{name: "a seat playing", seat: 0},
		{name: "no such seat", seat: 3, en: "there is no seat 4 in this game", fr: "il n'y a pas de place 4 dans cette partie"},
		{name: "a negative seat", seat: -1, en: "there is no seat 0 in this game", fr: "il n'y a pas de place 0 dans cette partie"},
		{name: "the game over", seat: 0, over: true, en: "the game is over", fr: "la partie est finie"},
		{name: "over, before resigned", seat: 1, over: true, en: "the game is over", fr: "la partie est finie"},
		{name: "a resigned seat", seat: 1, en: "you have resigned from this game", fr: "vous avez abandonné cette partie"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := SeatRefusal(c.seat, c.over, playing)
			if c.en == "" {
				assert.NoError(t, err)
				return
			}
			require.True(t, IsRefusal(err))
			assert.Equal(t, c.en, err.Error())
			assert.Equal(t, c.fr, RefusalIn(err, lang.French))
		})
	}
	err := NotYourTurn()
	require.True(t, IsRefusal(err))
	assert.Equal(t, "it is not your turn", err.Error())
	assert.Equal(t, "ce n'est pas votre tour", RefusalIn(err, lang.French))
}

func TestTurnEvents(t *testing.T) {
	for _, c := range []struct {
		name   string
		msg    lang.Msg
		en, fr string
	}{
		{"a timeout", TimedOut(1, false), "Seat 2 ran out of time: the turn passes.", "Seat 2 a dépassé son temps : le tour passe."},
		{"a forfeit", TimedOut(0, true), "Seat 1 ran out of time and forfeits.", "Seat 1 a dépassé son temps et perd par forfait."},
		{"game over", GameOver(lang.Text("no token left")), "Game over: no token left.", "Partie terminée : no token left."},
		{"the board's line", OverLine(lang.Text("why")), "The game is over: why.", "La partie est finie : why."},
		{"a draw offered", DrawOffer{0, 2}.Line([]bool{false, false, false, true}, View{Names: []string{"Ann", "Bob", "Cy"}}.Name),
			"Draw offered by: Ann, Cy. Still to answer: Bob.", "Nulle proposée par : Ann, Cy. Doivent encore répondre : Bob."},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.en, c.msg.In(lang.English))
			assert.Equal(t, c.fr, c.msg.In(lang.French))
		})
	}
}

func TestScoreTable(t *testing.T) {
	names := []string{"Ann", "Bartholomew", "Cy"}
	scores := []int{12, -3, 140}
	note := func(seat int) string {
		switch seat {
		case 1:
			return "  " + ResignedNote.In(lang.French)
		case 2:
			return "  " + ToPlayNote.In(lang.French)
		}
		return ""
	}
	assert.Equal(t, "Scores :\n"+
		"  Ann             12\n"+
		"  Bartholomew     -3  (abandon)\n"+
		"  Cy             140  (à jouer)\n",
		ScoreTable(View{Lang: lang.French}, names, scores, 6, note))
	assert.Equal(t, "Scores :\n"+
		"Ann\t12\n"+
		"Bartholomew\t-3\t(abandon)\n"+
		"Cy\t140\t(à jouer)\n",
		ScoreTable(View{Lang: lang.French, Flow: true}, names, scores, 6, note),
		"a table of cells for a reader that lays it out")
	assert.Equal(t, "Scores:\n  Ann    12\n  Cy  12345\n",
		ScoreTable(View{}, []string{"Ann", "Cy"}, []int{12, 12345}, 5, func(int) string { return "" }),
		"a score wider than its column pushes the row, never cuts it")
	assert.Equal(t, "(resigned)", ResignedNote.In(lang.English))
	assert.Equal(t, "(to play)", ToPlayNote.In(lang.English))
}

func TestWinnersMsg(t *testing.T) {
	v := View{Names: []string{"ann", "Bob"}}
	msg := WinnersMsg(winners{seats: []int{0, 1}}, v)
	assert.Equal(t, "Ann and Bob share the win.", msg.In(lang.English))
	assert.Equal(t, "Ann et Bob se partagent la victoire.", msg.In(lang.French))
	v.Lang = lang.French
	assert.Equal(t, msg.In(lang.French), WinnersSentence(winners{seats: []int{0, 1}}, v))
}
