package lang

import (
	"fmt"
	"strings"
)

// Msg is a sentence to render in its reader's language: its English format
// (the message's code) and the arguments that fill it. The zero Msg
// renders as "".
type Msg struct {
	// Format is the English format, as fmt reads it.
	Format string
	// Args fill the format; a Msg or a value with an In method among them
	// is rendered in the same language.
	Args []any
	// Other and N make a message with a plural: Format is the singular,
	// Other the plural, and N the count that chooses, by each language's
	// rule (French says "1 jeton", "0 jeton"; English "0 tokens").
	Other string
	N     int
	// List makes a list of Args, joined as t joins a list (List).
	List bool
	// Literal is a text written before sentences carried their format (an
	// event stored by an older pbem): rendered as it is, in every language.
	Literal bool
}

// T is the message of format and args, in English and every language that
// has its translation.
func T(format string, args ...any) Msg {
	return Msg{Format: format, Args: args}
}

// Plural is the message of n things: one format for one (in English; for
// zero and one in French), the other for the rest. n is not an argument
// by itself: pass it in args where the sentence says it.
func Plural(n int, one, other string, args ...any) Msg {
	return Msg{Format: one, Other: other, N: n, Args: args}
}

// Text is s as it is in every language: a player's own words, a name.
func Text(s string) Msg {
	return Msg{Format: s, Literal: true}
}

// String is the message in English.
func (m Msg) String() string { return m.In(English) }

// IsZero reports the zero message.
func (m Msg) IsZero() bool { return m.Format == "" && m.Other == "" && len(m.Args) == 0 && !m.List }

// In renders the message in t, in English where t has no translation of it.
func (m Msg) In(t Tag) string {
	if m.Literal {
		return m.Format
	}
	if m.List {
		return joinList(m.Args, t)
	}
	format := m.Format
	if m.Other != "" && !singular(t, m.N) {
		format = m.Other
	}
	if tr, ok := Translation(t, format); ok {
		format = tr
	}
	if len(m.Args) == 0 {
		return format // a sentence without arguments is no format: "100% sure"
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		args[i] = argIn(a, t)
	}
	if t == French {
		format = elide(format, args)
	}
	return fmt.Sprintf(format, args...)
}

// fmtArg is a as text in t.
func fmtArg(a any, t Tag) string {
	if s, ok := argIn(a, t).(string); ok {
		return s
	}
	return fmt.Sprint(a)
}

// argIn is a, rendered in t when it can be.
func argIn(a any, t Tag) any {
	switch v := a.(type) {
	case Msg:
		return v.In(t)
	case interface{ In(Tag) string }:
		return v.In(t)
	case []Msg:
		parts := make([]string, len(v))
		for i, m := range v {
			parts[i] = m.In(t)
		}
		return strings.Join(parts, " ")
	}
	return a
}

// singular reports whether n things take the singular in t.
func singular(t Tag, n int) bool {
	if t == French {
		return n == 0 || n == 1 || n == -1
	}
	return n == 1 || n == -1
}

// All renders every message of ms in t.
func All(ms []Msg, t Tag) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.In(t)
	}
	return out
}
