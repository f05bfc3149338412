package chiffres

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

// TestParseFrenchMoves: the French move words, in any case and with or
// without accents, give the move their English counterpart gives; the
// canonical notation stays English.
func TestParseFrenchMoves(t *testing.T) {
	for _, c := range []struct{ fr, en string }{
		{"placer 7 en F4", "7 F4"},
		{"Placer 7 en f4", "7 F4"},
		{"poser 7 sur la case F4", "place 7 on the square F4"},
		{"POSER 7 SUR F4", "7 F4"},
		{"jouer 0 à A1", "0 A1"},
		{"mettre 3 dans D4", "3 D4"},
		{"passer", "pass"},
		{"Passe", "pass"},
		{"abandonner", "resign"},
		{"ABANDONNE", "resign"},
		{"nulle", "draw"},
		{"Nulle.", "draw"},
		{"refuser", "decline"},
		{"décliner", "decline"},
		{"DÉCLINER", "decline"},
	} {
		t.Run(c.fr, func(t *testing.T) {
			fr, err := ParseMove(c.fr)
			require.NoError(t, err)
			en, err := ParseMove(c.en)
			require.NoError(t, err)
			assert.Equal(t, en, fr)
			assert.Equal(t, en.String(), fr.String())
		})
	}
	for text, fr := range map[string]string{
		"passer maintenant": "passer s'écrit seul, sans rien après",
		"nulle F4":          "nulle s'écrit seul, sans rien après",
		"placer 7":          `un placement est un jeton et une case, comme 7 F4 ou F4=7 ; "placer 7" n'en est pas un`,
		"poser 12 en F4":    `"12" n'est pas un jeton : les jetons sont des chiffres de 0 à 9`,
	} {
		_, err := ParseMove(text)
		assert.Equal(t, fr, engine.RefusalIn(err, lang.French), text)
		assert.True(t, Game{}.LooksLikeMove(text), text)
	}
	assert.True(t, Game{}.LooksLikeMove("Abandonner !"))
	assert.False(t, Game{}.LooksLikeMove("nulle part ailleurs que chez moi"))
}

func TestRefusalsInFrench(t *testing.T) {
	s := position(t, "E5=4 F5", "03579", "12468")
	s.bank = "55"
	for _, c := range []struct {
		seat int
		move string
		fr   string
	}{
		{1, "6 D5", "ce n'est pas votre tour"},
		{0, "8 E6", "vous n'avez pas de 8 : vos jetons sont 0 3 5 7 9"},
		{0, "7 F4", "F4 porte un 9, pas un 7"},
		{0, "3 E5", "E5 est le centre, et le premier jeton, un 4, y est déjà"},
		{0, "3 F5", "F5 porte déjà un 3"},
		{0, "8 F3", "vous n'avez pas de 8 : vos jetons sont 0 3 5 7 9"},
		{0, "7 F3", "F3 ne touche aucun jeton : posez un jeton à côté d'un jeton déjà sur le tableau, au-dessus, au-dessous, à gauche ou à droite"},
		{0, "pass", "vous pouvez placer un jeton (0 en E4, par exemple), vous ne pouvez donc pas passer : le serveur fait passer un joueur seulement quand aucun de ses jetons ne convient"},
	} {
		err := s.Legal(c.seat, place(t, c.move))
		assert.Equal(t, c.fr, engine.RefusalIn(err, lang.French), c.move)
	}
	_, err := Game{}.New(engine.Options{"board": "1/2"}, 1, 2)
	assert.Equal(t, "option board : le tableau a 2 lignes ; il lui en faut 9, séparées par /, comme "+DefaultLayoutText, engine.RefusalIn(err, lang.French))
}

// TestEventsInFrench: what a move tells the players, in French, stored as
// JSON and read back as the server keeps events: the scoring with its
// detail, the draw from the bank, passes, resignations, the end and its
// penalties.
func TestEventsInFrench(t *testing.T) {
	s := position(t, "E5=4 E4 F5", "9", "1")
	s.bank = "3"
	_, scored := apply(t, s, 0, "9 F4")
	s.bank = ""
	s.hands[1][1], s.hands[1][2] = 1, 1
	s.scores = []int{0, 12}
	_, last := apply(t, s, 0, "9 F4")
	_, resigned := apply(t, drawPosition(t, 3), 1, "abandonner")
	for _, c := range []struct {
		name string
		out  engine.Outcome
		fr   []string
	}{
		{"scored", scored, []string{"9 en F4 marque 31 : en ligne 10+9 = 19, en colonne 9+3 = 12.", "Un jeton pris ; 0 jeton dans la banque."}},
		{"last token", last, []string{
			"9 en F4 marque 31 : en ligne 10+9 = 19, en colonne 9+3 = 12.",
			"La banque est vide : aucun jeton pris.",
			"Partie terminée : seat 1 a placé tous ses jetons, la banque étant vide.",
			"Seat 2 a encore 1 2 : 3 × 3 = 9 points en moins, il reste 3.",
		}},
		{"resigned", resigned, []string{"Seat 2 abandonne et quitte la partie ; son score reste 20."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.fr, lang.All(c.out.Events, lang.French))
			data, err := json.Marshal(c.out.Events)
			require.NoError(t, err)
			var back []lang.Msg
			require.NoError(t, json.Unmarshal(data, &back))
			assert.Equal(t, c.fr, lang.All(back, lang.French), "stored and read back")
		})
	}
}

// TestDetailInFrench: the detail a state stores in English reads in
// French, every kind of part; a part it does not know stays as it is.
func TestDetailInFrench(t *testing.T) {
	for en, fr := range map[string]string{
		"across 4+3 = 7":                                       "en ligne 4+3 = 7",
		"across 10+9 = 19, down 9+3 = 12":                      "en ligne 10+9 = 19, en colonne 9+3 = 12",
		"down 2+8 = 10, K +10":                                 "en colonne 2+8 = 10, K +10",
		"down 9+10+4 +5 = 28, malus -10":                       "en colonne 9+10+4 +5 = 28, malus -10",
		"across best five of 6: 6+4+3+2+10 +20 = 45":           "en ligne, les cinq meilleurs de 6 : 6+4+3+2+10 +20 = 45",
		"down best five of 9: 10+3+2+10+1 +20 = 46, malus -10": "en colonne, les cinq meilleurs de 9 : 10+3+2+10+1 +20 = 46, malus -10",
		"sideways 1+1 = 2":                                     "sideways 1+1 = 2",
	} {
		assert.Equal(t, en, detailMsg(en).String())
		assert.Equal(t, fr, detailMsg(en).In(lang.French), en)
	}
}

// TestEndingsInFrench: every ending, as engine.Ending gives it for a
// French reader, with the seat named as the view names it.
func TestEndingsInFrench(t *testing.T) {
	view := engine.View{Names: []string{"Ann", "Bob"}, Lang: lang.French}
	for end, fr := range map[ending]string{
		endOut:      "Bob a placé tous ses jetons, la banque étant vide",
		endStuck:    "plus personne ne peut placer de jeton",
		endResigned: "tous les autres joueurs ont abandonné",
		endDrawn:    "nulle d'un commun accord",
	} {
		s := position(t, "E5=4", "", "")
		s.over, s.end, s.toMove = true, end, -1
		s.last = &lastPlace{Seat: 1, At: sq(t, "E4"), Digit: 0}
		assert.Equal(t, fr, engine.Ending(s, view), end)
		assert.NotEqual(t, fr, engine.Ending(s, engine.View{Names: view.Names}), end)
	}
}

// TestRenderFrenchGolden compares French views with
// testdata/render/fr-*.txt: every word around the board is French, within
// 78 columns. Run with -update to rewrite them.
func TestRenderFrenchGolden(t *testing.T) {
	names := []string{"Alice", "Bob", "Chloé", "a player whose name is far too long for the table"}
	final := playBots(t, newGame(t, nil, 5, 3), 20)
	next, _, err := final.Apply(1, Move{Kind: Resign})
	require.NoError(t, err)
	final = playBots(t, next.(*State), -1)
	offered, _ := script(t, drawPosition(t, 3), step{1, "nulle"})
	passed, err := Game{}.New(engine.Options{"bag": "5" + "12457" + "12349" + "03689"}, 1, 3)
	require.NoError(t, err)
	midgame := playBots(t, newGame(t, nil, 101, 4), 20)
	for _, c := range []struct {
		name   string
		state  *State
		view   engine.View
		placed int
	}{
		{"fr-start-seat1", newGame(t, nil, 1, 2), engine.View{Seat: 0, Names: names[:2]}, 0},
		{"fr-passed-seat3", passed.(*State), engine.View{Seat: 2, Names: names[:3]}, 0},
		{"fr-final-spectator", final, engine.View{Seat: -1, Names: names[:3]}, 0},
		{"fr-draw-offer-seat1", offered, engine.View{Seat: 0, Names: names[:3]}, 0},
		{"fr-placed-seat2", midgame, engine.View{Seat: 1, Names: names}, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.state
			if c.placed > 0 {
				c.view.Before = s
				s = playBots(t, s, c.placed)
			}
			c.view.Lang = lang.French
			got := s.Render(c.view)
			for _, line := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, len([]rune(line)), 78, line)
				assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces")
			}
			golden := filepath.Join("testdata", "render", c.name+".txt")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
			for _, word := range []string{"Legend", "token", "Bank", "Scores:", "to play", "Last placement", "penalty", "held", "over", "wins"} {
				assert.NotContains(t, got, word)
			}
		})
	}
}

func TestDiagramLegendInFrench(t *testing.T) {
	s := position(t, "E5=4 F5", "03579", "12468")
	s.last = &lastPlace{Seat: 0, At: sq(t, "F5"), Digit: 3, Score: 7, Detail: "across 4+3 = 7"}
	before := position(t, "E5=4", "03579", "12468")
	for _, c := range []struct {
		view engine.View
		fr   string
	}{
		{engine.View{Seat: -1}, "Encadré : le dernier jeton placé. "},
		{engine.View{Seat: -1, Before: before}, "Encadrés : les jetons placés depuis votre dernier tableau. "},
		{engine.View{Seat: -1, Before: s}, ""},
	} {
		en := s.Diagram(c.view)
		c.view.Lang = lang.French
		fr := s.Diagram(c.view)
		assert.Equal(t, c.fr+"Petit chiffre : le chiffre que porte la case. K : case bonus (+10) ; moins : case malus (-10) ; étoile : le centre. Un 0 compte 10.", fr.Legend)
		assert.Equal(t, en.Cells, fr.Cells)
		assert.NotEqual(t, en.Legend, fr.Legend)
	}
}

// TestRulesAndNotationInFrench: whole French texts, the rules within the
// columns the English keeps to, and every example of the French notation,
// a row's left cell, reads as a move.
func TestRulesAndNotationInFrench(t *testing.T) {
	rules, notation := Game{}.Rules().In(lang.French), Game{}.Notation().In(lang.French)
	assert.Contains(t, rules, "banque")
	assert.Contains(t, notation, "\nnulle\t")
	assert.Contains(t, notation, "\nrefuser\t")
	for _, line := range strings.Split(rules, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 78, line)
	}
	examples := 0
	for _, line := range strings.Split(notation, "\n") {
		if example, _, row := strings.Cut(line, "\t"); row {
			_, err := ParseMove(example)
			assert.NoError(t, err, example)
			examples++
		}
	}
	assert.Equal(t, 4, examples)
}
