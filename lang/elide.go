package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// French elides "de" and "que" before a vowel: "une partie d'Amplitude",
// "qu'Ann". A translation cannot write it where an argument follows, not
// knowing what the argument will be, so rendering a French sentence does
// it at the seam: "de %s" and "que %s" become "d'%s" and "qu'%s" when the
// argument's text opens with a vowel. An h is left alone: whether it is
// mute cannot be told from the letter, and no game's or command's name
// opens with one.

// elisions are the French words that elide before a vowel, with their
// elided form.
var elisions = []struct{ word, elided string }{{"de ", "d'"}, {"que ", "qu'"}}

// elide is format with "de " and "que " written elided before each %s or
// %v whose argument (args, rendered) is a text opening with a vowel.
func elide(format string, args []any) string {
	var b strings.Builder
	last, arg := 0, 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		start := i
		verb, next, end := verbAt(format, i+1, arg)
		i, arg = end, next
		if verb != 's' && verb != 'v' || next-1 >= len(args) || next < 1 || !opensWithVowel(args[next-1]) {
			continue
		}
		for _, e := range elisions {
			before := format[last:start]
			if cut, ok := elidable(before, e.word); ok {
				b.WriteString(before[:cut])
				if unicode.IsUpper(rune(before[cut])) {
					b.WriteString(strings.ToUpper(e.elided[:1]) + e.elided[1:])
				} else {
					b.WriteString(e.elided)
				}
				last = start
				break
			}
		}
	}
	if last == 0 {
		return format
	}
	b.WriteString(format[last:])
	return b.String()
}

// elidable reports whether text ends with word ("de ", any case of its
// first letter) standing alone, and where word starts.
func elidable(text, word string) (int, bool) {
	if len(text) < len(word) {
		return 0, false
	}
	cut := len(text) - len(word)
	if !strings.EqualFold(text[cut:], word) || text[cut+1:] != word[1:] {
		return 0, false
	}
	if cut > 0 {
		r, _ := utf8.DecodeLastRuneInString(text[:cut])
		if unicode.IsLetter(r) || r == '\'' || r == '’' {
			return 0, false
		}
	}
	return cut, true
}

// verbAt reads the verb of fmt whose '%' is just before format[i], arg
// being the index of the argument it would take: it returns the verb
// ('%' for "%%", 0 for none), the index of the next argument, and the
// index of the verb's last byte.
func verbAt(format string, i, arg int) (verb byte, next, end int) {
	for ; i < len(format); i++ {
		c := format[i]
		switch {
		case strings.IndexByte("+-# 0.", c) >= 0 || c >= '0' && c <= '9':
		case c == '*':
			arg++
		case c == '[':
			j := strings.IndexByte(format[i:], ']')
			if j < 0 {
				return 0, arg, len(format) - 1
			}
			n := 0
			for _, d := range format[i+1 : i+j] {
				n = n*10 + int(d-'0')
			}
			arg, i = n-1, i+j
		case c == '%':
			return '%', arg, i
		default:
			return c, arg + 1, i
		}
	}
	return 0, arg, len(format) - 1
}

// opensWithVowel reports whether a is a text whose first letter is a
// vowel.
func opensWithVowel(a any) bool {
	s, ok := a.(string)
	if !ok || s == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune("aeiouyàâäéèêëîïôöûùüœæ", unicode.ToLower(r))
}
