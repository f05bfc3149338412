package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"pbem/mailer"
)

// What came from a mail or a player — a subject, an address, a name, a
// reason quoting a line, a body, a bounce — is the sender's to choose:
// printed raw, an encoded CR LF in a subject prints a fake line (a fake
// log line, say), an ESC sequence retitles or clears the operator's
// terminal, a bidi override reverses what follows. So every command
// prints such text through safeLine or safeText: the tokens in it
// redacted (mailer.Redact), and every character that acts on a terminal
// rather than showing written as an escape.

// safeLine is s for one line of output: C0 and C1 controls, DEL, line
// and paragraph separators and bidi controls written as \r, \n, \t, \x1b,
// \u0085, \u202e…, invalid UTF-8 as \xff.
func safeLine(s string) string { return escapeControls(mailer.Redact(s), false) }

// safeText is s as safeLine writes it, but its line breaks and tabs
// kept: a body, a board.
func safeText(s string) string { return escapeControls(mailer.Redact(s), true) }

// escapeControls writes the runes of s that act on a terminal as
// escapes; text keeps \n and \t.
func escapeControls(s string, text bool) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return actsOnTerminal(r, text) }) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !actsOnTerminal(r, text):
			b.WriteString(s[i : i+size])
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < utf8.RuneSelf:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

// actsOnTerminal reports whether r does something on a terminal besides
// showing: a C0 or C1 control, DEL, a line or paragraph separator, a bidi
// control (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069). text
// lets \n and \t pass.
func actsOnTerminal(r rune, text bool) bool {
	switch {
	case text && (r == '\n' || r == '\t'):
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f, r == '\u2028', r == '\u2029':
		return true
	}
	return unicode.Is(unicode.Bidi_Control, r)
}

// jsonSafe is JSON as encoding/json writes it, with the runes it leaves
// raw that act on a terminal (DEL, C1 controls, bidi controls) written as
// \u escapes: they can stand only inside a string, where the escape means
// the same rune, so the document says the same.
func jsonSafe(doc []byte) []byte {
	s := string(doc)
	if !strings.ContainsFunc(s, func(r rune) bool { return actsOnTerminal(r, true) }) {
		return doc
	}
	var b strings.Builder
	for _, r := range s {
		if actsOnTerminal(r, true) {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return []byte(b.String())
}
