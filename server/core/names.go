package core

import (
	"regexp"
	"strconv"
)

// seatWord is how engines name a seat in their sentences, which know no
// player names: "seat 2", "Seat 2".
var seatWord = regexp.MustCompile(`\b[Ss]eat ([1-9][0-9]?)\b`)

// WithNames puts the players' names where an engine's sentence names a
// seat by its number ("Seat 1 cannot place a token" becomes "Ann cannot
// place a token"), for every text a player reads. A number that is no seat
// of names stays as it is.
func WithNames(text string, names []string) string {
	return seatWord.ReplaceAllStringFunc(text, func(m string) string {
		n, _ := strconv.Atoi(seatWord.FindStringSubmatch(m)[1])
		if n > len(names) || names[n-1] == "" {
			return m
		}
		return names[n-1]
	})
}

// AllWithNames is WithNames on every sentence of texts.
func AllWithNames(texts, names []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = WithNames(t, names)
	}
	return out
}
