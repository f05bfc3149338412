package parser

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// NameKey is what name looks like, UTS #39's skeleton in spirit: two
// names with one key pass for each other on screen, so a player may not
// take a name whose key is another player's. It is name after NFKC (width
// and compatibility forms: "Ａｎｎ" is Ann), case folding ("ANN" is ann),
// without the accents of Latin, Greek and Cyrillic letters ("Zoë" is zoe,
// "José" jose; marks are kept in other scripts, where they are letters of
// the word), without invisible characters, with one space wherever there
// was any, and with the lookalikes table's rows applied ("Аnn" with a
// Cyrillic А, "Αnn" with a Greek Alpha and "Ann" are one; so are "l0la" and
// "lola", "Ivan" and "lvan", "Marn" and "Mam"). It takes any text, names
// from before Name checked them included.
func NameKey(name string) string {
	s := folded(name)
	var b strings.Builder
	marksGo, space := true, false
	for _, r := range s {
		switch {
		case invisible(r):
			continue
		case unicode.In(r, unicode.Mn, unicode.Me):
			if marksGo {
				continue
			}
		case unicode.IsSpace(r) || unicode.IsControl(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp):
			space = true
			continue
		default:
			marksGo = accentsDrop(r)
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if to, ok := lookalikeRunes[r]; ok {
			b.WriteString(to)
		} else {
			b.WriteRune(r)
		}
	}
	// Dropping a character between two marks may leave them out of their
	// canonical order: put them back in it.
	return lookalikeSequences.Replace(norm.NFD.String(b.String()))
}

// folded is name as NameKey meets it: bytes that are no UTF-8 made
// U+FFFD, then NFKC, case folded, decomposed.
// Folding takes Cherokee to its capitals and back again, so small letters
// after it keep the key the same however often it is taken.
func folded(name string) string {
	name = strings.ToValidUTF8(name, "\uFFFD")
	return norm.NFD.String(strings.ToLower(cases.Fold().String(norm.NFKC.String(name))))
}

// accentsDrop reports whether the marks on base go from a key: on Latin,
// Greek and Cyrillic letters, and on digits, signs and spaces.
func accentsDrop(base rune) bool {
	switch scriptOf(base) {
	case "", "Latin", "Greek", "Cyrillic":
		return true
	}
	return false
}

// lookalikeRunes and lookalikeSequences are the lookalikes table's rows
// of one character and of several.
var lookalikeRunes, lookalikeSequences = func() (map[rune]string, *strings.Replacer) {
	runes := map[rune]string{}
	var seqs []string
	for _, l := range lookalikes {
		if r, n := utf8.DecodeRuneInString(l.From); n == len(l.From) {
			runes[r] = l.To
		} else {
			seqs = append(seqs, l.From, l.To)
		}
	}
	return runes, strings.NewReplacer(seqs...)
}()

// nameKeyRevision counts the changes to NameKey's code: raise it with
// each, so that NameKeyVersion changes and the keys kept are computed again.
const nameKeyRevision = "1"

// NameKeyVersion names the NameKey of this binary: the code's revision,
// the lookalikes table and the Unicode version of the normalisation and
// case folding. The keys a store keeps are computed again when it changes.
var NameKeyVersion = func() string {
	h := sha256.New()
	for _, part := range []string{nameKeyRevision, unicode.Version, norm.Version, cases.UnicodeVersion} {
		h.Write([]byte(part + "\x00"))
	}
	for _, l := range lookalikes {
		h.Write([]byte(l.From + "\x00" + l.To + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}()
