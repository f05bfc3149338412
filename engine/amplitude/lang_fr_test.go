package amplitude

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

// TestFrenchParsesAsEnglish: the French words of a move, in any case and
// with or without accents, make the same Move as the English, whose
// notation stays English.
func TestFrenchParsesAsEnglish(t *testing.T) {
	for _, c := range []struct{ fr, en string }{
		{"H8 droite 3+4-5=2", "H8 right 3+4-5=2"},
		{"h8 DROITE 34251", "H8 right 34251"},
		{"H8 à droite 123 3-2=1", "H8 right 123 3-2=1"},
		{"H8 a droite 123", "H8 right 123"},
		{"H8 À DROITE 123", "H8 right 123"},
		{"H8 horizontalement 123", "H8 right 123"},
		{"H8 bas 34251", "H8 down 34251"},
		{"H8 en bas (34)/2-5=1", "H8 down (34)/2-5=1"},
		{"H8 En Bas 1 2 3", "H8 down 123"},
		{"H8 verticalement 123", "H8 down 123"},
		{"échanger 3 5", "exchange 3 5"},
		{"echanger 35", "exchange 3 5"},
		{"ÉCHANGER 5,3", "exchange 3 5"},
		{"Échange 9 1 9", "exchange 1 9 9"},
		{"passer", "pass"},
		{"PASSER", "pass"},
		{"passe", "pass"},
		{"abandonner", "resign"},
		{"Abandonner", "resign"},
		{"abandon", "resign"},
		{"nulle", "draw"},
		{"NULLE", "draw"},
		{"refuser", "decline"},
		{"Refuser", "decline"},
	} {
		t.Run(c.fr, func(t *testing.T) {
			fr, err := ParseMove(c.fr)
			require.NoError(t, err)
			en, err := ParseMove(c.en)
			require.NoError(t, err)
			assert.Equal(t, en, fr)
			assert.Equal(t, en.String(), fr.String(), "the notation stays English")
			viaGame, err := Game{}.Parse(c.fr)
			require.NoError(t, err)
			assert.Equal(t, en, viaGame)
		})
	}
}

// A French move mistyped is spotted as a move, as an English one is, so
// that the player is told why rather than ignored.
func TestFrenchLooksLikeMove(t *testing.T) {
	for text, want := range map[string]bool{
		"passer svp":                   true,
		"Échanger trois":               true,
		"echanger":                     true,
		"H8 à droite":                  true,
		"H8 en bas":                    true,
		"nulle ?":                      true,
		"refuser !":                    true,
		"ABANDONNER":                   true,
		"nulle part ailleurs ce soir":  false,
		"passer une bonne soirée":      false,
		"refuser de jouer avec toi ?!": false,
	} {
		assert.Equal(t, want, Game{}.LooksLikeMove(text), "%q", text)
	}
}

// Refusals read in French, with the French move words in their examples;
// in English they read as they always did.
func TestFrenchRefusals(t *testing.T) {
	start := rulesDeal(t, seedDeal, 2) // seat 0: 1 2 3 4 5; seat 1: 1 6 7 8 9
	posed, _ := rulesPlay(t, start, 0, "H8 right 1+2=3")
	parse := func(text string) error { _, err := ParseMove(text); return err }
	formula := func(text string) error { _, err := ParseFormula(text); return err }
	check := func(text string) error { _, err := CheckFormula(text, true); return err }
	play := func(s *State, seat int, text string) error {
		m, err := ParseMove(text)
		require.NoError(t, err, text)
		return s.Legal(seat, m)
	}
	for _, c := range []struct {
		name   string
		err    error
		en, fr string
	}{
		{"empty move", parse(""),
			"the move is empty: write a pose such as H8 right 3+4-5=2, or exchange 3 5, or pass",
			"le coup est vide : écrivez une pose comme H8 droite 3+4-5=2, ou échanger 3 5, ou passer"},
		{"no direction", parse("H8 gauche 123"),
			`"gauche" is not a direction: write right (or across) or down, as H8 right 3+4-5=2`,
			`"gauche" n'est pas une direction : écrivez droite ou bas, comme H8 droite 3+4-5=2`},
		{"a direction and no line", parse("H8 à droite"),
			"a pose is a square, a direction and the line, as H8 right 3+4-5=2; or write exchange 3 5, pass or resign",
			"une pose s'écrit avec une case, une direction et la ligne, comme H8 droite 3+4-5=2 ; ou écrivez échanger 3 5, passer ou abandonner"},
		{"pass with more", parse("passer 3"), "pass takes nothing after it", "passer s'écrit seul, sans rien après"},
		{"exchange nothing", parse("échanger"),
			"exchange which tokens? Name them, as exchange 3 5",
			"échanger quels jetons ? Nommez-les, comme échanger 3 5"},
		{"a square", parse("Z9 droite 123"),
			`"Z9" is not a square: write a column A to O then a row 1 to 15, as H8`,
			`"Z9" n'est pas une case : écrivez une colonne de A à O puis une ligne de 1 à 15, comme H8`},
		{"a missing operand", formula("3+)=4"),
			"after 3+ a digit or ( was expected, not ')'",
			"après 3+, on attendait un chiffre ou (, pas ')'"},
		{"unclosed", formula("(1+2=3"),
			"after (1+2 a ) was expected, not '='",
			"après (1+2, on attendait une parenthèse fermante ), pas '='"},
		{"unclosed bracket at the end", formula("3=[1+2"),
			"after 3=[1+2 a ] was expected, but the formula ends there",
			"après 3=[1+2, on attendait un crochet fermant ], mais la formule s'arrête là"},
		{"a sign", formula("-3+4=1"),
			"at the start a digit or ( was expected, not '-': a digit cannot carry a sign",
			"au début, on attendait un chiffre ou (, pas '-' : un chiffre ne peut pas porter de signe"},
		{"mismatched brackets", formula("(1+2]=3"),
			"an opening ( closes with ), not ], in (1+2]",
			"dans (1+2], ( se ferme par ), pas par ]"},
		{"false", formula("3+4=2"), "3+4=2 is false: 3+4 makes 7, not 2", "3+4=2 est fausse : 3+4 fait 7, pas 2"},
		{"F1", check("[9-8]7=7"),
			"(9-8)×7=7: (9-8) is a difference of two digits used as a factor, which the forbidden-patterns rule refuses",
			"(9-8)×7=7 : (9-8) est une différence de deux chiffres employée comme facteur, ce que la règle des formules interdites refuse"},
		{"F2", check("98/9-1=7"),
			"9×8/9-1=7: 9 both multiplies and divides in one chain of × and /, which the forbidden-patterns rule refuses",
			"9×8/9-1=7 : 9 multiplie et divise à la fois dans une même suite de × et de /, ce que la règle des formules interdites refuse"},
		{"F3 three", check("1×1×2/2=1"),
			"1×1×2/2=1: the line holds three 1s, which the forbidden-patterns rule refuses",
			"1×1×2/2=1 : la ligne contient trois 1, ce que la règle des formules interdites refuse"},
		{"F3 pairs", check("3-2+2=3"),
			"3-2+2=3: the line holds two pairs of equal digits, which the forbidden-patterns rule refuses",
			"3-2+2=3 : la ligne contient deux paires de chiffres identiques, ce que la règle des formules interdites refuse"},
		{"not your turn", play(start, 1, "H8 right 1+6=7"), "it is not your turn", "ce n'est pas votre tour"},
		{"off the board", play(start, 0, "N8 droite 123"),
			"the line 123 runs off the board: from N8 right there is room for 2 tokens",
			"la ligne 123 sort du plateau : de N8 vers la droite, il n'y a de place que pour 2 jetons"},
		{"first pose off centre", play(start, 0, "A1 right 123"),
			"the first pose must start or end on H8; this one runs from A1 to C1",
			"la première pose doit commencer ou finir sur H8 ; celle-ci va de A1 à C1"},
		{"not in the rack", play(start, 0, "H8 right 1+6=7"),
			"your rack holds no 6 (it holds 1 2 3 4 5)",
			"votre chevalet n'a pas de 6 (il contient 1 2 3 4 5)"},
		{"a square taken, a", play(posed, 1, "H8 down 9=1+8"),
			"H8 holds a 1, not a 9: the digits after the direction are the line from its first square (to read a formula backwards, write the line first, as H8 right 123 3-2=1)",
			"H8 porte un 1, pas un 9 : les chiffres après la direction sont la ligne depuis sa première case (pour lire une formule à l'envers, écrivez d'abord la ligne, comme H8 droite 123 3-2=1)"},
		{"a square taken, an", play(posed, 1, "H8 down 8=1+7"),
			"H8 holds a 1, not an 8: the digits after the direction are the line from its first square (to read a formula backwards, write the line first, as H8 right 123 3-2=1)",
			"H8 porte un 1, pas un 8 : les chiffres après la direction sont la ligne depuis sa première case (pour lire une formule à l'envers, écrivez d'abord la ligne, comme H8 droite 123 3-2=1)"},
		{"no cross", play(posed, 1, "A1 down 1+6=7"),
			"a pose must cross an existing pose and take in at least one of its tokens; A1 to A3 crosses none",
			"une pose doit croiser une pose existante et intégrer au moins un de ses jetons ; de A1 à A3, elle n'en croise aucune"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Error(t, c.err)
			require.True(t, engine.IsRefusal(c.err), "%T", c.err)
			assert.Equal(t, c.en, c.err.Error())
			assert.Equal(t, c.en, engine.RefusalIn(c.err, lang.English))
			assert.Equal(t, c.fr, engine.RefusalIn(c.err, lang.French))
		})
	}
}

// Events read in French, and still do once stored and read back as the
// database keeps them.
func TestFrenchEvents(t *testing.T) {
	s := rulesDeal(t, exchangeDeal, 2)
	s, pose := rulesPlay(t, s, 0, "H8 droite 1+2=3")
	s, exchange := rulesPlay(t, s, 1, "échanger 5")
	timeout, err := ParseMove("timeout")
	require.NoError(t, err)
	_, timedOut, err := s.Apply(0, timeout)
	require.NoError(t, err)
	_, resigned := rulesPlay(t, s, 0, "abandonner")
	for _, c := range []struct {
		name   string
		events []lang.Msg
		en, fr []string
	}{
		{"a first pose", pose.Events,
			[]string{"The starting player's first pose scores double.", "3 tokens placed; 77 left in the bag."},
			[]string{"La première pose du joueur qui commence compte double.", "3 jetons posés ; il en reste 77 dans le sac."}},
		{"an exchange", exchange.Events, []string{"1 token exchanged."}, []string{"1 jeton échangé."}},
		{"a timeout", timedOut.Events, []string{"Seat 1 ran out of time: the turn passes."}, []string{"Seat 1 a dépassé son temps : le tour passe."}},
		{"the last resignation", resigned.Events,
			[]string{"Resigned: the seat leaves the game.", "Game over: every other player resigned."},
			[]string{"Abandon : le joueur quitte la partie.", "Partie terminée : tous les autres joueurs ont abandonné."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.en, lang.All(c.events, lang.English))
			assert.Equal(t, c.fr, lang.All(c.events, lang.French))
			data, err := json.Marshal(c.events)
			require.NoError(t, err)
			var back []lang.Msg
			require.NoError(t, json.Unmarshal(data, &back))
			assert.Equal(t, c.fr, lang.All(back, lang.French), "%s", data)
		})
	}
	assert.Equal(t, "exchange 1 token", exchange.Public, "the record's notation stays English")
	assert.Equal(t, "Partie terminée : plus personne ne peut poser.", lang.T("Game over: %s.", endingMsg(endNobodyCanPose)).In(lang.French))
}

// Every end a state stores, in English as states have always stored it,
// reads in French; a stored state still decodes and tells its end in both
// languages; an end unknown to this version is told as it is.
func TestFrenchEndings(t *testing.T) {
	for end, fr := range map[string]string{
		"the bag could not refill the rack":      "le sac ne pouvait plus compléter le chevalet",
		"nobody can pose any more":               "plus personne ne peut poser",
		"two full rounds went by without a pose": "deux tours complets sont passés sans aucune pose",
		"every other player resigned":            "tous les autres joueurs ont abandonné",
		"drawn by agreement":                     "nulle d'un commun accord",
		"the moon fell on the board":             "the moon fell on the board",
	} {
		assert.Equal(t, end, endingMsg(end).In(lang.English))
		assert.Equal(t, fr, endingMsg(end).In(lang.French), end)
	}
	s := rulesDeal(t, seedDeal, 2)
	assert.Empty(t, s.EndingFor(engine.View{Lang: lang.French}), "a game going on has no end")
	s, _ = rulesPlay(t, s, 1, "resign")
	data, err := s.Encode()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"end":"every other player resigned"`, "the stored form is the one older states have")
	st, err := Game{}.Decode(data)
	require.NoError(t, err)
	assert.Equal(t, "every other player resigned", engine.Ending(st, engine.View{}))
	assert.Equal(t, "tous les autres joueurs ont abandonné", engine.Ending(st, engine.View{Lang: lang.French}))
	assert.Equal(t, "every other player resigned", st.(*State).Ending(), "the Inspector's ending stays English")
}

// A finished game and a pending draw render every word around the board in
// French, and none of the English ones.
func TestFrenchRenderWords(t *testing.T) {
	names := []string{"Ann", "Bob", "Chloé"}
	s := rulesDeal(t, seedDeal3, 3)
	s, _ = rulesPlay(t, s, 0, "H8 droite 123")
	offer, _ := rulesScript(t, s, rulesStep{2, "nulle"}, rulesStep{0, "nulle"})
	over, _ := rulesScript(t, s, rulesStep{2, "abandonner"}, rulesStep{1, "abandonner"})
	drawn, _ := rulesScript(t, offer, rulesStep{1, "nulle"})
	for _, c := range []struct {
		name string
		s    *State
		seat int
		want []string
	}{
		{"a draw offered", offer, 1, []string{
			"Dernière pose, par Ann :\n  H8 droite 3-2=1, 10 points.\n",
			"Scores :\n", "  (à jouer)\n",
			"Nulle proposée par : Ann, Chloé. Doivent encore répondre : Bob.\nÀ Bob de jouer. Sac : ",
			"\nVotre chevalet : 1 6 7 8 9\n",
		}},
		{"a game over", over, -1, []string{"  (abandon)\n", "La partie est finie : tous les autres joueurs ont abandonné.\nAnn gagne.\n"}},
		{"a game drawn", drawn, 0, []string{"La partie est finie : nulle d'un commun accord.\nPersonne ne gagne.\n"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.s.Render(engine.View{Seat: c.seat, Names: names, Lang: lang.French})
			for _, w := range c.want {
				assert.Contains(t, got, w)
			}
			for _, en := range []string{"Last pose", "right", "Scores:", "to play", "resigned", "Bag", "rack", "Draw offered", "game is over", "wins"} {
				assert.NotContains(t, got, en)
			}
			for _, line := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%q", line)
			}
		})
	}
	shared := rulesDeal(t, seedDeal3, 3)
	shared.over, shared.end, shared.toMove = true, endNobodyCanPose, -1
	assert.Equal(t, "Ann, Bob and Chloé share the win.", winners(shared, engine.View{Names: names}).In(lang.English))
	assert.Equal(t, engine.WinnersSentence(shared, engine.View{Names: names}), winners(shared, engine.View{Names: names}).In(lang.English))
	assert.Equal(t, "Ann, Bob et Chloé se partagent la victoire.", winners(shared, engine.View{Names: names}).In(lang.French))
}

// The diagram's legend is in the reader's language.
func TestFrenchDiagramLegend(t *testing.T) {
	start := rulesDeal(t, seedDeal, 2)
	posed, _ := rulesPlay(t, start, 0, "H8 right 1+2=3")
	for _, c := range []struct {
		v      engine.View
		en, fr string
	}{
		{engine.View{Seat: 0}, "Outlined: the tokens of the last pose.", "Entourés : les jetons de la dernière pose."},
		{engine.View{Seat: 0, Before: start}, "Outlined: the tokens placed since your last board.", "Entourés : les jetons posés depuis votre dernier plateau."},
	} {
		assert.Equal(t, c.en, posed.Diagram(c.v).Legend)
		fr := c.v
		fr.Lang = lang.French
		assert.Equal(t, c.fr, posed.Diagram(fr).Legend)
	}
	assert.Empty(t, start.Diagram(engine.View{Lang: lang.French}).Legend, "nothing outlined, nothing to say")
}

// The rules and the notation guide are whole French texts, the rules
// within the columns the English keeps to, the notation written with the
// French move words; every example of either guide parses to the same
// move.
func TestFrenchRulesAndNotation(t *testing.T) {
	rules, notation := Game{}.Rules(), Game{}.Notation()
	for _, text := range []lang.Msg{rules, notation} {
		assert.NotEqual(t, text.In(lang.English), text.In(lang.French))
	}
	for _, tag := range lang.Tags {
		for _, line := range strings.Split(rules.In(tag), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%s: %q", tag, line)
		}
	}
	fr := notation.In(lang.French)
	for _, w := range []string{"\nH8 bas 34251\t", "\néchanger 3 5\t", "\npasser\t", "\nnulle\t", "\nrefuser\t", "\nabandonner\t"} {
		assert.Contains(t, fr, w)
	}
	examples := func(text string) []Move {
		var out []Move
		for _, line := range strings.Split(text, "\n") {
			ex, _, row := strings.Cut(line, "\t")
			if !row {
				continue // a note under the rows
			}
			m, err := ParseMove(ex)
			require.NoError(t, err, ex)
			out = append(out, m)
		}
		return out
	}
	en := examples(notation.In(lang.English))
	require.Len(t, en, 8)
	assert.Equal(t, en, examples(fr), "the French guide shows the same moves")
}
