package parser

import "strings"

// historyStart is the first line of unquoted history, which runs to the
// end of the body, or len(lines): a separator, a rule before a header
// block, a header block, a strong attribution no quote follows, or one the
// history is glued to on the same line.
func historyStart(lines []replyLine) int {
	for i, l := range lines {
		if l.quoted || l.lower == "" {
			continue
		}
		if isSeparator(l.lower) || isRule(l.lower) && historyFollows(lines, i) || headerBlockAt(lines, i) || gluedHistory(l.lower) {
			return i
		}
		if start, a := attributionEndingAt(lines, i); a.strong && a.cuts && !quoteFollows(lines, i) {
			return start
		}
	}
	return len(lines)
}

// historyFollows reports whether a rule at line i opens history: a header
// line, a separator or an attribution comes next.
func historyFollows(lines []replyLine, i int) bool {
	for j := i + 1; j < len(lines) && j <= i+3; j++ {
		l := lines[j]
		if l.lower == "" {
			continue
		}
		if l.quoted {
			return false
		}
		if l.header != notHeader || isSeparator(l.lower) {
			return true
		}
		_, a := attributionEndingAt(lines, j)
		if !a.ok && j+1 < len(lines) {
			_, a = attributionEndingAt(lines, j+1)
		}
		return a.ok
	}
	return false
}

// gluedHistory reports a line that opens with a strong attribution and
// goes on with the history, as Yahoo's mobile apps write it: "On Tue, Dec
// 1, 2026 at 18:22, pbem<games@x.org> wrote:   Amplitude, game 56, …".
func gluedHistory(s string) bool {
	if !opensAttribution(s) || strings.IndexByte(s, ':') < 0 {
		return false
	}
	for _, v := range attributionVerbs {
		for _, colon := range []string{":", " :", "："} {
			i := strings.Index(s, v+colon)
			if i < 0 {
				continue
			}
			end := i + len(v) + len(colon)
			if end == len(s) {
				continue // an attribution alone, judged as such
			}
			if a := judgeAttribution(s[:end]); a.strong && a.cuts && wordBounded(s, i, i+len(v), v) {
				return true
			}
		}
	}
	return false
}
