// Package lang is what lets pbem speak to each player in their language.
//
// The games came in French and their natural players read French, so
// every sentence a player reads can be rendered in English or French. A
// sentence is written once, in English, where it is made, as a Msg: its
// English format and its arguments. Each package registers the French of
// its formats (Register); rendering a Msg in a language looks its format up
// there and falls back to English. The English format is the message's
// code, as with gettext and golang.org/x/text/message: a sentence reads
// naturally where it is written, and a test (complete_test.go) holds every
// format written in the code to having its translation, with the same
// arguments.
//
// Arguments are rendered in the reader's language too when they are
// themselves a Msg (a word such as a direction) or have an In method (a
// refusal); others are printed as fmt prints them.
package lang

import (
	"fmt"
	"strings"
)

// Tag names a language pbem writes in.
type Tag string

// The languages pbem writes in.
const (
	English Tag = "en"
	French  Tag = "fr"
)

// Tags are the languages, English first: it is the language of the code
// and the fallback of every other.
var Tags = []Tag{English, French}

// names are the words a player or an operator may write for a language,
// lower-cased, beside its tag.
var names = map[string]Tag{
	"en": English, "english": English, "anglais": English, "anglaise": English,
	"fr": French, "french": French, "français": French, "francais": French, "française": French, "francaise": French,
}

// Parse reads a language as a player or operator writes it: its tag ("fr")
// or its name in either language ("français", "English"). An unknown one
// is refused in a sentence that names those there are.
func Parse(s string) (Tag, error) {
	if t, ok := names[strings.ToLower(strings.TrimSpace(s))]; ok {
		return t, nil
	}
	return "", fmt.Errorf("%q is not a language pbem writes in: en (English) or fr (français)", s)
}

// Or is t, or d when t is no language pbem writes in (a player who never
// chose one).
func (t Tag) Or(d Tag) Tag {
	if t == English || known(t) {
		return t
	}
	return d
}

// Name is the language's name in itself, for the mails that confirm a
// choice.
func (t Tag) Name() string {
	switch t {
	case French:
		return "français"
	default:
		return "English"
	}
}
