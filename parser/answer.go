package parser

import (
	"strings"
	"unicode"
)

// A reply to a question the server asked — a confirmation, an invitation
// to a challenge — answers it by being a reply: the thread says what it is
// about, and its text only refines yes into no. People write "yes",
// "Confirm.", "Sure, I accept", "no thanks", nothing at all, or a phone's
// footer; ReadAnswer reads them all the same way.

// Answer is what a reply to a yes-or-no question says.
type Answer int

// The answers a reply may give.
const (
	Unsaid Answer = iota // neither yes nor no
	Yes
	No
)

// answerWords are the words that answer a question, a row per language,
// folded (engine.Fold: lower case, no accents). Verbs are read before the
// plain words, so that "no problem, I accept" accepts and "yes, but I
// decline" declines; among each, the first found in the text wins.
var answerWords = []struct {
	lang           string
	yesVerbs, yes  []string
	noVerbs, no    []string
	example, means string // a reply and what it says, for the tests
}{
	{"en", []string{"accept", "accepted", "accepting", "confirm", "confirmed", "agree", "agreed"},
		[]string{"yes", "yeah", "yep", "yup", "ok", "okay", "sure", "certainly", "gladly", "in"},
		[]string{"decline", "declined", "declining", "cancel", "cancelled", "canceled", "refuse", "reject"},
		[]string{"no", "nope", "nah", "can't", "cannot", "won't"},
		"Sure, count me in!", "yes"},
	{"fr", []string{"accepte", "accepter", "j'accepte", "confirme", "confirmer", "valide", "valider"},
		[]string{"oui", "ouais", "d'accord", "volontiers", "entendu", "partant", "partante"},
		[]string{"refuse", "refuser", "decline", "decliner", "annule", "annuler"},
		[]string{"non", "impossible"},
		"Non merci, pas cette fois.", "no"},
}

// ReadAnswer reads the new text of a reply to a question (quotes and
// signatures already stripped): Yes or No by the first answering word,
// verbs first, Unsaid when it holds none. Quoted lines are skipped, and
// reading stops at a signature line ("-- ").
func ReadAnswer(text string) Answer {
	var words []string
	for _, line := range writtenLines(text) {
		words = append(words, answerTokens(line)...)
	}
	for _, verbs := range []bool{true, false} {
		for _, w := range words {
			for _, row := range answerWords {
				yes, no := row.yes, row.no
				if verbs {
					yes, no = row.yesVerbs, row.noVerbs
				}
				switch {
				case contains(yes, w):
					return Yes
				case contains(no, w):
					return No
				}
			}
		}
	}
	return Unsaid
}

// answerTokens are the words of line, folded, split at what is neither a
// letter nor an apostrophe inside a word ("d'accord" stays one).
func answerTokens(line string) []string {
	return strings.FieldsFunc(fold(line), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
}

func contains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}
