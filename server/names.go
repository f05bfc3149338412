package server

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// MaxNameLength is the most characters a player's or computer seat's name
// may hold: it heads score tables and greets players in every mail.
const MaxNameLength = 64

// checkName says why name cannot name a seat, or nil. A name goes into
// every player's mails, in the text, the HTML and the headers: a line break
// there would let one player write lines of the others' mails (or headers,
// were it ever put in one), a NUL cuts text in some clients, and a
// bidirectional override reverses what follows it on screen.
func checkName(name string) error {
	if !utf8.ValidString(name) {
		return errors.New("is not valid text")
	}
	if n := utf8.RuneCountInString(name); n > MaxNameLength {
		return fmt.Errorf("is %d characters long; a name holds at most %d", n, MaxNameLength)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) || isBidiControl(r) {
			return fmt.Errorf("holds the control character %U; write it on one line, with letters, digits, spaces and punctuation", r)
		}
	}
	return nil
}

// isBidiControl reports the embedding, override and isolate characters
// that change the direction of the text after them.
func isBidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}

// seatWord is how engines name a seat in their sentences, which know no
// player names: "seat 2", "Seat 2".
var seatWord = regexp.MustCompile(`\b[Ss]eat ([1-9][0-9]?)\b`)

// withNames puts the players' names where an engine's sentence names a
// seat by its number ("Seat 1 cannot place a token" becomes "Ann cannot
// place a token"), for every text a player reads. A number that is no seat
// of names stays as it is.
func withNames(text string, names []string) string {
	return seatWord.ReplaceAllStringFunc(text, func(m string) string {
		n, _ := strconv.Atoi(seatWord.FindStringSubmatch(m)[1])
		if n > len(names) || names[n-1] == "" {
			return m
		}
		return names[n-1]
	})
}

// allWithNames is withNames on every sentence of texts.
func allWithNames(texts, names []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = withNames(t, names)
	}
	return out
}
