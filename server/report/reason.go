package report

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReasonGroup is the kind of refusal a mail's reason (its inbound_mails
// detail) tells, for counting refusals by reason: what the player wrote
// is taken out, so that "line 2, "H8 rihgt 34251": "rihgt" is not a
// direction …" and the same mistake on another line, in another game,
// count as one. It keeps the reason's first clause (up to ':', ';', '(' or
// '?'), with quoted text as "…", addresses as ADDRESS and words holding a
// digit (numbers, squares, formulas, #N guards) as N.
func ReasonGroup(detail string) string {
	d := strings.TrimSpace(detail)
	if i := strings.Index(d, "; answer held back"); i >= 0 {
		d = d[:i]
	}
	d = linePrefix.ReplaceAllString(d, "")
	d = quoted.ReplaceAllString(d, `"…"`)
	if i := strings.IndexAny(d, ":;(?"); i > 0 {
		d = d[:i]
	}
	words := strings.Fields(d)
	for i, w := range words {
		switch {
		case strings.Contains(w, "@"):
			words[i] = "ADDRESS" + trailingPunct(w)
		case strings.IndexFunc(w, unicode.IsDigit) >= 0 && w != `"…"`:
			prefix := ""
			if strings.HasPrefix(w, "#") {
				prefix = "#"
			}
			words[i] = prefix + "N" + trailingPunct(w)
		}
	}
	d = strings.Join(words, " ")
	if utf8.RuneCountInString(d) > maxReasonGroup {
		d = string([]rune(d)[:maxReasonGroup]) + "…"
	}
	if d == "" {
		return "(no reason recorded)"
	}
	return d
}

// maxReasonGroup caps a group's length: a reason is a clause, and a
// longer one is more of the player's words than of the server's.
const maxReasonGroup = 80

var (
	// linePrefix is parser.LineRefusal's "line N, "written": ".
	linePrefix = regexp.MustCompile(`^line \d+, "(?:[^"\\]|\\.)*": `)
	// quoted is Go-quoted text (%q), or in typographic quotes.
	quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|“[^”]*”`)
)

// trailingPunct is the comma or full stop that ends w, if any.
func trailingPunct(w string) string {
	if strings.HasSuffix(w, ",") || strings.HasSuffix(w, ".") {
		return w[len(w)-1:]
	}
	return ""
}
