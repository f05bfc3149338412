package parser

import (
	"iter"
	"strings"
)

// writtenLines are the lines of a mail's new text that its writer wrote
// to be read: each with its 1-based number, trimmed, blank and quoted
// ("> …") lines skipped, up to a signature line ("-- "). Every reader of
// commands walks them, so that all read a mail alike.
func writtenLines(text string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, raw := range strings.Split(text, "\n") {
			if strings.TrimRight(raw, " \t\r") == "--" {
				return
			}
			line := strings.TrimSpace(raw)
			if line == "" || strings.HasPrefix(line, ">") {
				continue
			}
			if !yield(i+1, line) {
				return
			}
		}
	}
}
