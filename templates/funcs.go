package templates

import (
	"maps"
	"strconv"
	"strings"
	"unicode/utf8"

	"pbem/lang"
)

// funcs are the helpers both kinds of template may call. They keep the
// text mails within 78 columns whatever the server puts in a field. The
// language's own (t, tn, move, list) are added for each kind of part and
// bound to each language at Load (lang.go).
var funcs = map[string]any{
	"wrap":   wrap,
	"indent": indent,
	"join":   func(list []string, sep string) string { return strings.Join(list, sep) },
	"plural": plural,
	"inc":    func(i int) int { return i + 1 },
	"grid":   boardGrid,
	"notes":  boardNotes,
}

// textParseFuncs and htmlParseFuncs are every function a text or HTML part
// may call, those of a language in English.
var (
	textParseFuncs = withFuncs(funcs, textFuncs(lang.English))
	htmlParseFuncs = withFuncs(funcs, htmlFuncs(lang.English))
)

// withFuncs is a and b together.
func withFuncs(a, b map[string]any) map[string]any {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// wrap breaks each line of s longer than width at spaces, continuing with
// the line's own indentation. Lines that fit are kept as they are, so
// preformatted text passes through; a word longer than width stays whole.
func wrap(width int, s string) string {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		if utf8.RuneCountInString(line) <= width {
			out = append(out, line)
			continue
		}
		rest := strings.TrimLeft(line, " \t")
		lead := line[:len(line)-len(rest)]
		cur := lead
		for _, word := range strings.Fields(rest) {
			switch {
			case cur == lead:
				cur += word
			case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= width:
				cur += " " + word
			default:
				out = append(out, cur)
				cur = lead + word
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// indent puts prefix before every line of s but empty ones, for quoting
// ("> ") and for setting text off from the prose around it.
func indent(prefix, s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if line != "" {
			lines[i] = prefix + line
		}
	}
	return strings.Join(lines, "\n")
}

// plural writes n with the noun that agrees with it: "1 point", "7 points",
// in English, for the operators' templates written before tn.
func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// sigSeparator is the line that opens a mail's signature, its trailing
// blank included: clients leave what follows out of a reply's quote.
const sigSeparator = "-- "

// tidy is what Render does to every text mail, so that templates may be
// written for legibility rather than exact whitespace: no trailing blanks
// on a line (but a signature separator's), at most one empty line in a
// row, none at the start, and one newline at the end.
func tidy(s string) string {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		if line != sigSeparator {
			line = strings.TrimRight(line, " \t\r")
		}
		if line == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, line)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n") + "\n"
}
