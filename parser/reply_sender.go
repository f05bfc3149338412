package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message/mail"

	"pbem/engine"
)

// senderWords are the words a reply's sender is named with, folded
// (engine.Fold): those of the display name of From and those of its
// address's local part ("Jim Smith <john.smith@x.org>": jim, smith, john).
// A player signs with them: a line that names the sender and nothing else
// at the end of the text ("Eva", "山田", "Jim P. Smith | Enrollment
// Manager") is a signature, as the reference parsers that read From say
// too. Without them (a body alone) the reader cannot tell a name from a
// word and keeps the line.
type senderWords []string

// senderOf reads the sender's words from a mail's From, nil when it has
// none that can be read.
func senderOf(h *mail.Header) senderWords {
	list, err := h.AddressList("From")
	if err != nil || len(list) != 1 {
		return nil
	}
	return newSenderWords(list[0].Name, list[0].Address)
}

// newSenderWords splits a display name ("Smith, Jim", "Jim P. Smith",
// "山田 太郎") and an address's local part ("john.smith", "taro_yamada2")
// into the words a signature may show, folded: those of two letters or
// more in the name, of three or more in the address.
func newSenderWords(name, address string) senderWords {
	var out senderWords
	add := func(s string, min int) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' }) {
			if w = strings.Trim(w, "-'"); utf8.RuneCountInString(w) >= min && len(out) < maxSenderWords {
				out = append(out, engine.Fold(w))
			}
		}
	}
	add(name, 2)
	if local, _, ok := strings.Cut(address, "@"); ok {
		add(strings.NewReplacer("_", " ", ".", " ", "+", " ").Replace(local), 3)
	}
	return out
}

// maxSenderWords bounds the words kept of a name.
const maxSenderWords = 12

// names reports whether w, a word of a line, is one of the sender's: the
// same folded word, or in a script written without spaces a part of two
// runes or more at either end of one ("山田" of "山田太郎", "민준" of
// "김민준").
func (s senderWords) names(w string) bool {
	f := engine.Fold(w)
	if f == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(f)
	joined := !spacedScript(r) || unicode.Is(unicode.Hangul, r)
	for _, sw := range s {
		if f == sw || joined && utf8.RuneCountInString(f) >= 2 && (strings.HasPrefix(sw, f) || strings.HasSuffix(sw, f)) {
			return true
		}
	}
	return false
}

// signsAs reports whether line is the sender's name, maybe with a dash
// before it and a title after a bar, comma or dash ("-Eva", "Jim P. Smith
// | Enrollment Manager", "Smith, Jim"): one to four words, each the
// sender's or an initial, one at least the sender's. A name followed by a
// comma opens a sentence ("Bob, if there…") and is not one.
func (s senderWords) signsAs(line string) bool {
	if len(s) == 0 {
		return false
	}
	t := strings.TrimFunc(line, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) })
	if strings.HasSuffix(t, ",") || strings.HasSuffix(t, "،") {
		return false
	}
	t = strings.TrimLeft(t, "-–—~ ")
	head := t
	for _, sep := range []string{" | ", "|", " – ", " — ", " - ", " / ", "\t"} {
		if i := strings.Index(head, sep); i > 0 {
			head = head[:i]
		}
	}
	head = strings.TrimRight(head, ".!。 ")
	if before, after, ok := strings.Cut(head, ","); ok {
		// "Jim Smith, MD" or "Smith, Jim"
		return s.allNames(before) || !strings.Contains(after, ",") && s.allNames(after+" "+before)
	}
	return s.allNames(head)
}

// allNames reports one to four words, each the sender's or an initial,
// one at least the sender's.
func (s senderWords) allNames(head string) bool {
	words := strings.Fields(head)
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	named := false
	for _, w := range words {
		switch {
		case s.names(strings.Trim(w, ".")):
			named = true
		case initial(w):
		default:
			return false
		}
	}
	return named
}

// initial is a word that is one capital letter, maybe with a dot: "P.".
func initial(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && (n == len(w) || w[n:] == ".")
}
