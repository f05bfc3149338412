package engine

import "strings"

// Spotter is a game that can tell a mistyped move from other text. A mail
// holds the player's chatter as well as their move: "took me 2 hours" must
// be ignored, while "H8 rihgt 34251" must be refused with the reason, not
// silently dropped. A game that is no Spotter has only the lines its Parse
// accepts read as moves.
type Spotter interface {
	// LooksLikeMove reports whether text, which Parse refused, starts the
	// way this game's moves do: with a square, or with a move keyword on a
	// short line.
	LooksLikeMove(text string) bool
}

// maxKeywordLine is the most words a line opening with a move keyword may
// have and still be meant as that move: "pass please" is a mistyped pass,
// "draw me a picture of it" is chatter.
const maxKeywordLine = 3

// KeywordLine reports whether text opens with one of words, in any case,
// with or without accents (Fold) and with punctuation after it, and is short
// enough to be meant as that move.
func KeywordLine(text string, words ...string) bool {
	fields := strings.Fields(text)
	if len(fields) == 0 || len(fields) > maxKeywordLine {
		return false
	}
	first := Fold(strings.TrimRight(fields[0], ".,;:!?"))
	for _, w := range words {
		if first == Fold(w) {
			return true
		}
	}
	return false
}

// LeadsWithSquare reports whether text opens with the shape of a square
// name, an ASCII letter and one or two digits, whatever follows: "H8",
// "h8right", "c1-c3", "F4=7". Games use it to spot a move whose square or
// notation is wrong.
func LeadsWithSquare(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) < 2 || t[0]|0x20 < 'a' || t[0]|0x20 > 'z' || t[1] < '0' || t[1] > '9' {
		return false
	}
	return len(t) == 2 || t[2] < '0' || t[2] > '9' || len(t) == 3 || t[3] < '0' || t[3] > '9'
}

// SquareAttempt reports whether text opens with a square and goes on the
// way a move would: nothing else, a digit somewhere after the square, or
// first one of words (a direction), compared as Fold folds them. "H8 rihgt
// 34251" and "H8" are moves mistyped; "F1 race was great" and "A4 paper" are chatter.
func SquareAttempt(text string, words ...string) bool {
	if !LeadsWithSquare(text) {
		return false
	}
	fields := strings.Fields(text)
	first := fields[0]
	if len(fields) == 1 || strings.ContainsAny(strings.TrimLeft(first[1:], "0123456789"), "0123456789=-") {
		return true // "H8", "c1-c3", "F4=7", "c1c3"
	}
	rest := strings.Join(fields[1:], " ")
	if strings.ContainsAny(rest, "0123456789") {
		return true
	}
	next := Fold(fields[1])
	for _, w := range words {
		if next == Fold(w) {
			return true
		}
	}
	return false
}
