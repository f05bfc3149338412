package engine

import "strings"

// folded are the accented letters players write in French moves, by the
// letter they fold to: "échanger", "ECHANGER" and "Echanger" are one word.
var folded = strings.NewReplacer(
	"à", "a", "â", "a", "ä", "a", "á", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "í", "i",
	"ô", "o", "ö", "o", "ó", "o",
	"ù", "u", "û", "u", "ü", "u", "ú", "u",
	"ç", "c", "ÿ", "y", "œ", "oe", "æ", "ae",
)

// Fold is a word as games compare move words: lower case and without
// accents, so that a player may write French words however their keyboard
// lets them ("Échanger", "echanger"). Parse functions fold the words they
// look up; squares and digits are unchanged by it.
func Fold(s string) string {
	return folded.Replace(strings.ToLower(s))
}
