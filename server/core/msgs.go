package core

import (
	"strings"
	"time"

	"pbem/lang"
)

// WhenMsg is at as a time in its reader's language (whenIn).
type WhenMsg time.Time

// In is the time in t.
func (w WhenMsg) In(t lang.Tag) string { return WhenIn(time.Time(w), t) }

// ListOf is names as a list in its reader's language: "a, b and c".
func ListOf[T any](names []T) lang.Msg {
	items := make([]any, len(names))
	for i, n := range names {
		items[i] = n
	}
	return lang.List(items...)
}

// Paragraphs is ms as one text, a paragraph each, in its reader's
// language.
func Paragraphs(ms []lang.Msg) lang.Msg {
	return lang.T("%s", Joined{Msgs: ms, Sep: "\n\n"})
}

// Joined is messages rendered in one language and joined by Sep.
type Joined struct {
	Msgs []lang.Msg
	Sep  string
}

// In is the messages in t, joined.
func (j Joined) In(t lang.Tag) string { return strings.Join(lang.All(j.Msgs, t), j.Sep) }

// MaxAttempts bounds the retries of a command whose game another process
// moved meanwhile.
const MaxAttempts = 5
