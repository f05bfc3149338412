package parser

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/lang"
)

// gameExamples are moves of each game as players write them, one of each
// kind that opens with a word or a square.
var gameExamples = []struct {
	game  engine.Game
	moves []string
}{
	{amplitude.Game{}, []string{"H8 right 3+4-5=2", "exchange 3 5", "pass", "resign", "draw", "decline"}},
	{chiffres.Game{}, []string{"7 F4", "F4=7", "place 7 at F4", "pass", "resign", "draw", "decline"}},
	{ludicitude.Game{}, []string{"c1-c3", "c1-c3 +b1 +e1", "c1 up 2", "drop a7", "resign", "draw", "decline"}},
}

// candidateWords are words a game might read as a move's first word: every
// word of every message in English and French (the games' guides and
// refusals among them), the opening words themselves, and French and
// English verbs a player might try.
func candidateWords() []string {
	texts := []string{strings.Join(engine.OpeningWords(), " "),
		"mettez jouez posez placez echangez parachutez abandonnez passez refusez declinez accepte accepter " +
			"propose proposer nul offer concede forfeit skip undo swap trade put set move jeu coup"}
	for _, en := range lang.Registered(lang.French) {
		fr, _ := lang.Translation(lang.French, en)
		texts = append(texts, en, fr)
	}
	words := map[string]bool{}
	for _, text := range texts {
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			words[w] = true
		}
	}
	for _, w := range engine.OpeningWords() {
		words[w] = true // whole, hyphen and all: hors-délai
	}
	return slices.Sorted(maps.Keys(words))
}

// TestMoveOpeningWordsAreCommandShaped: a word that any game's Parse
// reads as the first word of a move makes the line command-shaped, so
// that the reply extractor never drops it as a quote, a signature or a
// sign-off. Each candidate word takes the place of the first word of each
// example move; when the game reads the result, and would not read it
// with the word in the middle (where a filler, "7 at F4", is as good),
// the line must be command-shaped.
func TestMoveOpeningWordsAreCommandShaped(t *testing.T) {
	opens := map[string]bool{}
	for _, w := range candidateWords() {
		for _, ex := range gameExamples {
			for _, example := range ex.moves {
				_, tail, _ := strings.Cut(example, " ")
				line := strings.TrimSpace(w + " " + tail)
				if _, err := ex.game.Parse(line); err != nil {
					continue
				}
				if next, rest, _ := strings.Cut(tail, " "); tail != "" {
					if _, err := ex.game.Parse(next + " " + w + " " + rest); err == nil {
						continue // a filler, read anywhere
					}
				}
				opens[engine.Fold(w)] = true
				assert.True(t, commandShaped(line), "%s reads %q as a move: it must be command-shaped", ex.game.ID(), line)
			}
		}
	}
	for _, w := range engine.OpeningWords() {
		assert.True(t, opens[w], "%q opens no move of any game", w)
	}
}

// TestReplyKeepsMovesUnderSignOff: a move written under a sign-off and a
// name, in French words with or without accents, is the player's text,
// not a signature: these lines were dropped while the parser kept its own
// copy of the move words.
func TestReplyKeepsMovesUnderSignOff(t *testing.T) {
	const above = "Merci pour la partie.\n\nCordialement,\nJulien\n"
	for _, c := range []struct {
		line string
		game engine.Game
	}{
		{"Abandonne.", chiffres.Game{}},
		{"Abandonné", ludicitude.Game{}},
		{"Refuse.", chiffres.Game{}},
		{"Décliner", ludicitude.Game{}},
		{"mets 7 f4", chiffres.Game{}},
		{"Joue 7 en F4", chiffres.Game{}},
		{"mettre 7 sur F4", chiffres.Game{}},
		{"Parachutage a7", ludicitude.Game{}},
		{"ÉCHANGER 3 5", amplitude.Game{}},
	} {
		t.Run(c.line, func(t *testing.T) {
			text := ReplyText(above + c.line + "\n")
			assert.Equal(t, above+c.line, text)
			cmds, err := Commands(text, c.game)
			assert.NoError(t, err)
			if assert.Len(t, cmds, 1) {
				assert.NotNil(t, cmds[0].Move, "%s reads %q", c.game.ID(), c.line)
			}
		})
	}
	assert.Equal(t, "Merci pour la partie.", ReplyText(above), "the sign-off alone is still dropped")
}
