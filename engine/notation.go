package engine

import (
	"strings"

	"pbem/lang"
)

// Notator is a game whose notation has words: NotationIn writes a move's
// canonical notation (Outcome.Move, which is stored and always English)
// with the words of the reader's language, as a French player would write
// it, so that a French mail's history reads "H8 droite 34251"; Parse reads
// what it writes back as the same move.
type Notator interface {
	NotationIn(notation string, t lang.Tag) string
}

// NotationIn is notation in t's words when g is a Notator, else as it is.
func NotationIn(g Game, notation string, t lang.Tag) string {
	if n, ok := g.(Notator); ok {
		return n.NotationIn(notation, t)
	}
	return notation
}

// ReplaceWords writes each word of text found in words (by its lower
// case) as words gives it, keeping the spaces between words: the shared
// step of each game's NotationIn.
func ReplaceWords(text string, words map[string]string) string {
	fields := strings.Split(text, " ")
	for i, f := range fields {
		if w, ok := words[strings.ToLower(f)]; ok {
			fields[i] = w
		}
	}
	return strings.Join(fields, " ")
}

// NotationWords are a game's notation words in French, by the English
// word the stored notation writes.
type NotationWords map[string]string

// In is notation in the words of t: the stored, English notation itself,
// or with its words replaced in French. A game's Notator calls it.
func (w NotationWords) In(notation string, t lang.Tag) string {
	if t != lang.French {
		return notation
	}
	return ReplaceWords(notation, w)
}

// sharedFrench are the French of the shared move words (movewords.go) as a
// notation writes them, the first of each move's French words, and of the
// timeout's (ParseTimeout).
var sharedFrench = map[string]string{"pass": "passer", "resign": "abandonner", "draw": "nulle", "decline": "refuser",
	TimeoutWord: "hors-délai", "forfeit": "forfait"}

// FrenchNotation is a game's table of notation words in French: the shared
// moves' and its own (more).
func FrenchNotation(more map[string]string) NotationWords {
	out := make(NotationWords, len(sharedFrench)+len(more))
	for k, v := range sharedFrench {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}
