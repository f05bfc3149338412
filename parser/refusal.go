package parser

import (
	"fmt"
	"unicode/utf8"
)

// LineRefusal is a refusal of one line of a mail: the refusal mail quotes
// the line exactly as the player wrote it, its "#N" included, and gives
// the reason as a sentence, so a player sees at once what to correct.
// It wraps the refusal (an *engine.Refusal), which engine.IsRefusal finds.
type LineRefusal struct {
	Line    int    // 1-based line number in the mail's text
	Written string // the line as written, trimmed
	Move    bool   // the line was a move, not a shared command
	Err     error  // why
}

// Error is the refusal for a command line, the line quoted by its start.
func (r *LineRefusal) Error() string {
	return fmt.Sprintf("line %d, %q: %v", r.Line, QuoteStart(r.Written), r.Err)
}

// Unwrap gives the refusal itself.
func (r *LineRefusal) Unwrap() error { return r.Err }

// quoteLength is how much of a refused line an error message quotes.
const quoteLength = 60

// QuoteStart is text cut to its first 60 characters, an ellipsis marking
// the cut: a refusal quotes a long line without echoing all of it.
func QuoteStart(text string) string {
	if utf8.RuneCountInString(text) <= quoteLength {
		return text
	}
	return string([]rune(text)[:quoteLength]) + "…"
}
