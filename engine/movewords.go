package engine

import (
	"slices"
)

// Word is one of the moves every game shares, whatever its board: passing,
// resigning, offering or accepting a draw, declining one. Players write
// them in English or in French whatever language they read; the table is
// here so that every game reads the same words the same way.
type Word uint8

// The shared move words.
const (
	NoWord      Word = iota
	WordPass         // pass, passe, passer
	WordResign       // resign, abandon, abandonne, abandonner
	WordDraw         // draw, nulle
	WordDecline      // decline, refuse, refuser, decliner
)

// moveWords are the shared move words in both languages, folded (Fold).
var moveWords = map[string]Word{
	"pass": WordPass, "passe": WordPass, "passer": WordPass,
	"resign": WordResign, "abandon": WordResign, "abandonne": WordResign, "abandonner": WordResign,
	"draw": WordDraw, "nulle": WordDraw,
	"decline": WordDecline, "refuse": WordDecline, "refuser": WordDecline, "decliner": WordDecline,
}

// MoveWord is the shared move a folded word opens (Fold), and false for
// any other word.
func MoveWord(folded string) (Word, bool) {
	w, ok := moveWords[folded]
	return w, ok
}

// MoveWords lists the folded words of the given moves, every shared move
// when none is given, in alphabetical order: for the tables a game builds
// and the keywords its Spotter looks for.
func MoveWords(of ...Word) []string {
	var out []string
	for text, w := range moveWords {
		if len(of) == 0 || slices.Contains(of, w) {
			out = append(out, text)
		}
	}
	slices.Sort(out)
	return out
}

// WordTable is a game's table of move words, folded: the shared words of
// the moves it has and the words of its own moves (GameWord), each by the
// game's kind of move kinds or own gives for it. Parse functions look
// words up in it; a Spotter lists its keys.
func WordTable[K any](kinds map[Word]K, own map[GameWord]K) map[string]K {
	table := make(map[string]K, len(moveWords))
	for text, w := range moveWords {
		if k, ok := kinds[w]; ok {
			table[text] = k
		}
	}
	for w, k := range own {
		for _, text := range gameWords[w] {
			table[text] = k
		}
	}
	return table
}

// Notation is the canonical notation of a shared move, the words every
// game's Move.String writes for it: "pass", "resign", "draw", "decline";
// when timeout, the moves the server plays for a seat out of time,
// "timeout" (a pass) and "timeout forfeit" (a resignation).
func (w Word) Notation(timeout bool) string {
	switch w {
	case WordPass:
		if timeout {
			return TimeoutWord
		}
		return "pass"
	case WordResign:
		if timeout {
			return TimeoutWord + " forfeit"
		}
		return "resign"
	case WordDraw:
		return "draw"
	case WordDecline:
		return "decline"
	}
	return ""
}

// KindWords is the inverse of a game's kinds table (WordTable): the
// shared move each of its kinds is, for its Move.String.
func KindWords[K comparable](kinds map[Word]K) map[K]Word {
	out := make(map[K]Word, len(kinds))
	for w, k := range kinds {
		out[k] = w
	}
	return out
}

// TakesNothing refuses a shared move word followed by more words.
func TakesNothing(w Word) error {
	switch w {
	case WordPass:
		return Refuse("pass takes nothing after it")
	case WordResign:
		return Refuse("resign takes nothing after it")
	case WordDraw:
		return Refuse("draw takes nothing after it")
	}
	return Refuse("decline takes nothing after it")
}

// ParseTimeout reads the move the server writes when the seat to move ran
// out of time, words opening with "timeout" (IsTimeout): "timeout" passes
// the turn (WordPass), "timeout forfeit" leaves the game (WordResign); in
// French, "hors-délai" and "hors-délai forfait".
func ParseTimeout(words []string) (Word, error) {
	switch {
	case len(words) == 1:
		return WordPass, nil
	case len(words) == 2 && (Fold(words[1]) == "forfeit" || Fold(words[1]) == "forfait"):
		return WordResign, nil
	}
	return NoWord, Refuse("a timeout is written timeout or timeout forfeit")
}
