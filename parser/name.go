package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"

	"pbem/engine"
)

// A player's name goes into every mail of their games, into score tables,
// and into the lobby's commands, where players challenge each other by it
// ("new amplitude with Ann"). Name is the one check every door a name
// comes in by uses — signup and name by mail, game new, game import and
// pbem player — so that what one refuses the others refuse too, with the
// same sentence. It lives in parser because it turns what a player wrote
// into a fact, as the rest of the package does.

// MaxNameLength is the most characters a name may hold, once tidied: it
// heads score tables and greets players in every mail.
const MaxNameLength = 40

// maxNameInput is the most bytes of a name that is read at all: far more
// than MaxNameLength characters in any script, with room for spaces that
// tidying collapses, and little enough that nothing is normalised at length.
const maxNameInput = 1024

// Name is name as it is kept, RFC 8266's way (PRECIS Nickname: spaces of
// every width made one ASCII space, none at either end; NFKC, so that
// "Ａｎｎ" is "Ann"; case kept), or a refusal that says what is wrong with
// it: it is empty or too long; it holds a character that could not be
// read, a control (a line break would let one player write lines of the
// others' mails), an invisible or direction-changing one (a bidirectional
// override reverses what follows it on screen, a zero-width space makes
// two names that look one), a private-use one, one Unicode does not
// define, or one of @ < > " (a name is not an address); or it mixes
// alphabets ("Аnn" with a Cyrillic А passes for Ann).
//
// A zero-width joiner or non-joiner is taken only where PRECIS takes it,
// between the letters whose shape it changes (after a virama, or between
// Arabic letters that join, as in the Persian surname علی‌پور): elsewhere
// it is invisible, and refused as such. Which names look alike is NameKey's
// to say, and whether another player has one the caller's, who knows the
// players.
func Name(name string) (string, error) {
	if len(name) > maxNameInput {
		return "", tooLongName()
	}
	if !utf8.ValidString(name) {
		return "", unreadableName()
	}
	for _, r := range name {
		if err := nameRune(r); err != nil {
			return "", err
		}
	}
	if strings.IndexFunc(name, shows) < 0 {
		return "", emptyName()
	}
	tidy, err := precis.Nickname.String(name)
	if err != nil {
		return "", precisRefusal(name)
	}
	switch {
	case strings.IndexFunc(tidy, shows) < 0: // "῎" is a space and accents, once tidied
		return "", emptyName()
	case utf8.RuneCountInString(tidy) > MaxNameLength:
		return "", tooLongName()
	case strings.ContainsAny(tidy, "@<>\""):
		return "", engine.Refuse("a name is words, without @, <, > or quotes: your address is known already")
	}
	if err := oneScript(tidy); err != nil {
		return "", err
	}
	return tidy, nil
}

func emptyName() error {
	return engine.Refuse("a name cannot be empty")
}

func tooLongName() error {
	return engine.Refuse("a name has at most %d characters", MaxNameLength)
}

func unreadableName() error {
	return engine.Refuse("a name holds a character that could not be read: write it again, as text")
}

// Zero-width non-joiner and joiner: invisible, but part of the spelling
// where they change how the letters beside them join (see Name).
const (
	zwnj = '\u200C'
	zwj  = '\u200D'
)

// nameRune is why r may not be in a name, or nil. ZWNJ and ZWJ pass here:
// PRECIS judges them by the letters around them.
func nameRune(r rune) error {
	switch {
	case r == utf8.RuneError:
		return unreadableName()
	case unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp):
		return engine.Refuse("a name may not hold control characters such as a line break (%U): write it on one line", r)
	case r == zwnj || r == zwj:
		return nil
	case invisible(r):
		return invisibleIn(r)
	case unicode.Is(unicode.Co, r):
		return engine.Refuse("a name may not hold %U, a private-use character that every device shows its own way", r)
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs):
		return engine.Refuse("a name may not hold %U, which Unicode does not define", r)
	}
	return nil
}

// invisible reports the characters that show nothing, or change how what
// follows shows: format characters (bidirectional controls, zero-width
// spaces and joiners, the byte-order mark, the soft hyphen), variation
// selectors and the other default-ignorable code points (the Hangul
// fillers, the combining grapheme joiner).
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

func invisibleIn(r rune) error {
	return engine.Refuse("a name may not hold invisible or direction-changing characters (%U)", r)
}

// shows reports a character that shows on its own: not a space, nor a
// mark, which shows only on another, nor an invisible one.
func shows(r rune) bool { return !unicode.In(r, unicode.Zs, unicode.M) && !invisible(r) }

// isNameSpace reports a space of any width, which tidying makes one ASCII
// space or none.
func isNameSpace(r rune) bool { return unicode.Is(unicode.Zs, r) }

// precisRefusal says why PRECIS refused name, which passed nameRune: a
// character its class does not take on its own (old Hangul jamo, say), or
// else a joiner where it joins nothing.
func precisRefusal(name string) error {
	var joiner rune
	for _, r := range name {
		switch {
		case r == zwnj || r == zwj:
			if joiner == 0 {
				joiner = r
			}
		case isNameSpace(r):
		default:
			if _, err := precis.Nickname.String(string(r)); err != nil {
				return engine.Refuse("a name may not hold %U: write it with letters, digits, spaces, punctuation and symbols", r)
			}
		}
	}
	if joiner != 0 {
		return invisibleIn(joiner)
	}
	return engine.Refuse("a name may hold letters, digits, spaces, punctuation and symbols only")
}
