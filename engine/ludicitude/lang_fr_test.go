package ludicitude

import (
	"errors"
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
		{"parachuter a7", "drop a7"},
		{"Parachuter A7", "drop a7"},
		{"PARACHUTAGE g1", "drop g1"},
		{"parachute @a1", "drop a1"},
		{"nulle", "draw"},
		{"NULLE", "draw"},
		{"refuser", "decline"},
		{"Refuse", "decline"},
		{"décliner", "decline"},
		{"DÉCLINER", "decline"},
		{"abandonner", "resign"},
		{"abandonne", "resign"},
		{"c1-c3 promouvoir b1 et e1", "c1-c3 promote b1 e1"},
		{"c1-c3 Promus b1 e1", "c1-c3 +b1 +e1"},
		{"C1-C3 PROMEUT E1", "c1-c3 +e1"},
		{"c1 haut 2", "c1-c3"},
		{"c1 up 2", "c1-c3"},
		{"C1 Haut", "c1-c2"},
		{"d2 droite 2 +b1", "d2-f2 +b1"},
		{"e3 gauche 3 promouvoir b1", "e3-b3 +b1"},
		{"c5 bas 2", "c5-c3"},
		{"c5-bas", "c5-c4"},
	} {
		t.Run(c.fr, func(t *testing.T) {
			fr, err := ParseMove(c.fr)
			require.NoError(t, err)
			en, err := ParseMove(c.en)
			require.NoError(t, err)
			assert.Equal(t, en, fr)
			assert.Equal(t, en.String(), fr.String())
			assert.True(t, Game{}.LooksLikeMove(c.fr+" ?"), "a mistyped %q is spotted", c.fr)
		})
	}
	for text, fr := range map[string]string{
		"a1 gauche":   "a1 gauche 1 sort du damier, dont les cases vont de a1 à g7",
		"g6 Haut 3":   "g6 haut 3 sort du damier, dont les cases vont de a1 à g7",
		"c1 haut 9":   "un cube se déplace de 1 à 3 cases, et 9 n'est pas un tel nombre : écrivez un déplacement c1 haut 2 ou c1-c3",
		"c1 droite x": `je ne sais pas lire "x" après c1-d1 : nommez les promotions ainsi : c1-d1 +b1 +e1, ou c1-d1 promouvoir b1 e1`,
	} {
		_, err := ParseMove(text)
		assert.Equal(t, fr, engine.RefusalIn(err, lang.French), text)
		assert.True(t, Game{}.LooksLikeMove(text), text)
	}
	for _, text := range []string{"passer", "Passe", "parachuter", "nulle a7"} {
		_, err := ParseMove(text)
		assert.True(t, engine.IsRefusal(err), text)
		assert.True(t, Game{}.LooksLikeMove(text), text)
	}
}

// frenchRefusal is the refusal of the seat to move's move, in French.
func frenchRefusal(t *testing.T, s *State, text string) string {
	t.Helper()
	refusal(t, s, text)
	m, err := ParseMove(text)
	if err == nil {
		err = s.Legal(s.ToMove(), m)
	}
	var r *engine.Refusal
	require.True(t, errors.As(err, &r))
	return r.In(lang.French)
}

func TestRefusalsInFrench(t *testing.T) {
	start := setup(t, startPosition)
	corners := setup(t, layout("w 1/0", "a1 W1", "g1 W1", "c2 W1", "d6 B1"))
	for _, c := range []struct {
		name string
		s    *State
		move string
		fr   string
	}{
		{"empty", start, "", "le coup est vide : écrivez un déplacement c1-c3 (avec promotions : c1-c3 +b1 +e1), un parachutage parachuter a7, ou nulle, refuser ou abandonner"},
		{"pass", start, "passer", "on ne passe pas son tour par choix à Ludicitude : le serveur fait passer un joueur seulement quand il n'a aucune action possible"},
		{"drop where", start, "parachuter", "parachuter où ? Nommez la case, comme parachuter a7"},
		{"bad square in a drop", start, "parachuter h9", "h9 n'est pas une case du damier : les colonnes vont de a à g et les rangées de 1 à 7 : un parachutage nomme une case, comme parachuter a7"},
		{"too far", start, "d2-d4", "d4 est le mur : aucun cube ne s'y arrête"},
		{"level", start, "b1-b3", "b3 est à 2 cases de b1, et le cube qui s'y trouve, de niveau 1, se déplace d'au plus 1 case"},
		{"not yours", start, "b7-b6", "le cube en b7 est à Noir, pas à vous"},
		{"no reserve", start, "parachuter a1", "vous n'avez aucun cube en réserve à parachuter"},
		{"next to a free corner", corners, "parachuter a2", "a2 est à côté d'un coin, mais on n'y parachute un cube que quand les quatre coins sont pris, et a7 et g7 sont libres"},
		{"promotion without capture", start, "d2-d3 +d3", "d2-d3 ne capture rien par encadrement et ne gagne donc aucune promotion, et vous en nommez 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.fr, frenchRefusal(t, c.s, c.move))
		})
	}
	over, _ := play(t, start, "resign")
	err := over.Legal(Black, Move{Kind: Draw})
	assert.Equal(t, "la partie est finie : Noir gagne : Blanc a abandonné", engine.RefusalIn(err, lang.French))
	_, err = Game{}.New(engine.Options{"setup": "x"}, 1, 2)
	assert.Contains(t, engine.RefusalIn(err, lang.French), "option setup : une position a trois parties")
}

// TestEventsInFrench: what a move tells the players, in French: the
// captures of both kinds, the promotions, the draw offers and the ends.
func TestEventsInFrench(t *testing.T) {
	_, capture := play(t, setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W2", "d3 B1", "e3 W1", "g7 B1", "a7 B2", "f6 B3")), "c2-c3 +c5")
	_, enclosure := play(t, setup(t, layout("w 0/1", "a4 B1", "b4 B2", "c4 B1", "a3 W1", "b3 W1", "c3 W1", "a5 W1", "b5 W1", "c7 W2", "g7 B1")), "c7-c5")
	_, offer := play(t, setup(t, startPosition), "draw")
	_, agreed := play(t, setup(t, startPosition), "draw", "b:nulle")
	_, lapsed := play(t, setup(t, startPosition), "b:draw", "d2-d3")
	_, timeout := play(t, setup(t, startPosition), "timeout forfeit")
	_, won := play(t, setup(t, layout("w 0/4", "b2 W1", "b4 B3", "b5 W1", "f1 W2")), "b2-b3")
	for _, c := range []struct {
		name string
		out  engine.Outcome
		fr   []string
	}{
		{"custodian", capture, []string{
			"Blanc capture d3 et c4 par encadrement : retour dans la réserve de Noir.",
			"Blanc promeut c3 au niveau 2 et c5 au niveau 3 (choix du serveur pour c3 : le niveau le plus bas d'abord, puis a1, b1 ... g7).",
		}},
		{"enclosure", enclosure, []string{"Blanc encercle a4, b4 et c4 : ils rejoignent la réserve de Blanc."}},
		{"offer", offer, []string{"Blanc propose la nulle : Noir peut l'accepter par nulle, ou la refuser par refuser ; un déplacement ou un parachutage de Noir la refuse aussi."}},
		{"agreed", agreed, []string{"Noir accepte la nulle.", "Nulle par accord."}},
		{"lapsed", lapsed, []string{"Blanc joue : l'offre de nulle tombe."}},
		{"timeout", timeout, []string{"Noir gagne : Blanc a dépassé son temps."}},
		{"won", won, []string{
			"Blanc capture b4 par encadrement : retour dans la réserve de Noir.",
			"Blanc promeut b3 au niveau 2 (choix du serveur pour b3 : le niveau le plus bas d'abord, puis a1, b1 ... g7).",
			"Blanc gagne : Noir n'a plus de cube sur le damier.",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.fr, lang.All(c.out.Events, lang.French))
			assert.Len(t, lang.All(c.out.Events, lang.English), len(c.fr))
		})
	}
}

// TestStoredEndingsInFrench: a state stores its end as the English
// sentence it always stored; decoded, it says it in French, on the board
// and through engine.Ending. A sentence no pbem writes stays as it is.
func TestStoredEndingsInFrench(t *testing.T) {
	start := setup(t, startPosition)
	resigned, _ := play(t, start, "resign")
	drawn, _ := play(t, start, "draw", "b:draw")
	promoted, _ := play(t, setup(t, layout("w 0/0", "a1 W3", "b1 W3", "c1 W3", "e1 W3", "f5 W3", "e3 W2", "f4 B1", "d6 B1", "b7 B1")), "e3-f3")
	for _, c := range []struct {
		s      *State
		en, fr string
	}{
		{resigned, "Black wins: White resigned", "Noir gagne : Blanc a abandonné"},
		{drawn, "Draw by agreement", "Nulle par accord"},
		{promoted, "White wins: every white cube is on the board at level 3", "Blanc gagne : chaque cube blanc est sur le damier au niveau 3"},
	} {
		data, err := c.s.Encode()
		require.NoError(t, err)
		assert.Contains(t, string(data), `"end":"`+c.en+`"`, "the state stores the English sentence")
		st, err := Game{}.Decode(data)
		require.NoError(t, err)
		assert.Equal(t, c.en, engine.Ending(st, engine.View{}))
		assert.Equal(t, c.fr, engine.Ending(st, engine.View{Lang: lang.French}))
		board := strings.Join(strings.Fields(st.Render(engine.View{Seat: -1, Lang: lang.French})), " ")
		assert.Contains(t, board, "Partie terminée. "+c.fr+".")
	}
	for side := range 2 {
		for _, m := range []lang.Msg{endNoCube(side), endPromoted(side), endTimeout(side), endResigned(side), endStuck, endRepeated, endQuiet, endAgreed} {
			assert.Equal(t, m.In(lang.French), endingMsg(m.String()).In(lang.French), m.String())
		}
	}
	assert.Equal(t, "Someone won", endingMsg("Someone won").In(lang.French))
}

// TestRenderFrenchGolden compares French views with
// testdata/render/fr-*.txt: every word around the board is French, within
// the English board's 78 columns. Run with -update to rewrite them.
func TestRenderFrenchGolden(t *testing.T) {
	names := []string{"Alice", "Bob"}
	capture, _ := play(t, setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W2", "d3 B1", "e3 W1", "g7 B1", "a7 B2", "f6 B3")), "c2-c3 +c5")
	enclosure, _ := play(t, setup(t, layout("w 0/1", "a4 B1", "b4 B2", "c4 B1", "a3 W1", "b3 W1", "c3 W1", "a5 W1", "b5 W1", "c7 W2", "g7 B1")), "c7-c5")
	passed, _ := play(t, setup(t, layout("w 0/0", "a1 B1", "b1 B1", "a2 W1", "b2 W1", "c1 W1", "g4 W3")), "g4-g6")
	offered, _ := play(t, setup(t, startPosition), "d2-d3", "draw")
	won, _ := play(t, setup(t, layout("w 0/4", "b2 W1", "b4 B3", "b5 W1", "f1 W2")), "b2-b3")
	for _, c := range []struct {
		name  string
		state *State
		view  engine.View
	}{
		{"fr-start-white", setup(t, startPosition), engine.View{Seat: White, Names: names}},
		{"fr-custodian-spectator", capture, engine.View{Seat: -1, Names: names}},
		{"fr-enclosure-black", enclosure, engine.View{Seat: Black, Names: names}},
		{"fr-pass-white", passed, engine.View{Seat: White, Names: names}},
		{"fr-draw-offer-black", offered, engine.View{Seat: Black, Names: names}},
		{"fr-won-spectator", won, engine.View{Seat: -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.view.Lang = lang.French
			got := c.state.Render(c.view)
			for _, line := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, len([]rune(line)), renderWidth, line)
			}
			golden := filepath.Join("testdata", "render", c.name+".txt")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
			english := c.state.Render(engine.View{Seat: c.view.Seat, Names: c.view.Names})
			assert.Equal(t, strings.Split(english, "\n")[:9], strings.Split(got, "\n")[:9], "the board itself is the same")
			under := strings.Join(strings.Split(got, "\n")[11:], "\n") // the legend names W and B in English
			for _, word := range []string{"White", "Black", "board", "reserve", "to play", "Last move", "Game over", "offers"} {
				assert.NotContains(t, under, word)
			}
		})
	}
}

func TestDiagramLegendInFrench(t *testing.T) {
	s := setup(t, startPosition)
	assert.Equal(t, diagramLegend, s.Diagram(engine.View{Seat: -1}).Legend)
	fr := s.Diagram(engine.View{Seat: -1, Lang: lang.French})
	assert.Equal(t, "Les cubes blancs et noirs montrent leur niveau en chiffres et en points ; d4 est le mur. Encadré : le dernier coup ; anneau : la case qu'il a quittée ; croix : un cube qu'il a capturé.", fr.Legend)
	assert.Equal(t, s.Diagram(engine.View{Seat: -1}).Cells, fr.Cells)
}

// TestRulesAndNotationInFrench: whole French texts, the rules within the
// columns the English keeps to, and every example of the French notation,
// a row's left cell, reads as a move.
func TestRulesAndNotationInFrench(t *testing.T) {
	rules, notation := Game{}.Rules().In(lang.French), Game{}.Notation().In(lang.French)
	assert.Contains(t, rules, "parachutez")
	assert.Contains(t, notation, "parachuter a7\t")
	assert.NotEqual(t, Game{}.Rules().String(), rules)
	assert.NotEqual(t, Game{}.Notation().String(), notation)
	for _, line := range strings.Split(rules, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), renderWidth, line)
	}
	examples := 0
	for _, line := range strings.Split(notation, "\n") {
		if example, _, row := strings.Cut(line, "\t"); row {
			_, err := ParseMove(example)
			assert.NoError(t, err, example)
			examples++
		}
	}
	assert.Equal(t, 6, examples)
	assert.Contains(t, notation, "c1 haut 2")
}
