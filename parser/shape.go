package parser

import (
	"slices"
	"strings"
	"unicode"

	"pbem/engine"
)

// commandWords open a command, folded (engine.Fold): the reply extractor
// never drops a line that starts with one, whatever its heuristics say.
// They are the words that open a move in some game (engine.OpeningWords)
// and those of the verbs Commands reads on any short line, in English and
// in French (sharedVerbWords), each from the table that owns it.
var commandWords = setOf(slices.Concat(engine.OpeningWords(), sharedVerbWords()))

// sharedVerbWords are the words of the verbs that make a line opening
// with them a command: say and the info verbs, and their French
// (frenchVerbs). The strict verbs (verbs.go: back, stop, mail...) and the
// lobby's are left out, as Commands leaves chatter that opens with them:
// a signature's "Mail: ..." or "New York" line is no command.
func sharedVerbWords() []string {
	words := append(slices.Clone(infoVerbs), Say)
	for fr, en := range frenchVerbs {
		if slices.Contains(infoVerbs, en) || en == Say {
			words = append(words, fr)
		}
	}
	return words
}

// commandShaped reports whether s, a lower-cased trimmed line, reads like a
// command of some game: a "#N" guard, a command word, or a square first
// ("h8 right 34251", "c1-c3", "f4=7", "7 f4", "*a7"). It is the safety net
// of the reply extractor's heuristics, so it errs towards yes.
func commandShaped(s string) bool {
	s = strings.TrimLeft(s, "*@ ")
	if s == "" {
		return false
	}
	if s[0] == '#' {
		return len(s) > 1 && isDigit(s[1])
	}
	word := firstWord(s)
	first := strings.TrimRight(word, ".,!:;")
	switch {
	case commandWords[engine.Fold(first)], squareShaped(first):
		return true
	case len(first) == 1 && isDigit(first[0]):
		return squareShaped(strings.TrimRight(firstWord(s[len(word):]), ".,!:;"))
	}
	return false
}

// firstWord is the first word of s, split at spaces and tabs.
func firstWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	if end := strings.IndexAny(s, " \t"); end >= 0 {
		return s[:end]
	}
	return s
}

// squareShaped reports a word that starts like a board square: an ASCII
// letter and one or two digits, then nothing, punctuation or another square
// ("c1c3").
func squareShaped(w string) bool {
	if len(w) < 2 || w[0]|0x20 < 'a' || w[0]|0x20 > 'z' || !isDigit(w[1]) {
		return false
	}
	n := 2
	if n < len(w) && isDigit(w[n]) {
		n++
	}
	if n == len(w) {
		return true
	}
	r := rune(w[n])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) || squareShaped(w[n:])
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
