package templates

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// funcs are the helpers both kinds of template may call. They keep the
// text mails within 78 columns whatever the server puts in a field.
var funcs = map[string]any{
	"wrap":   wrap,
	"indent": indent,
	"join":   func(list []string, sep string) string { return strings.Join(list, sep) },
	"list":   list,
	"plural": plural,
	"inc":    func(i int) int { return i + 1 },
	"move":   moveSentence,
	"grid":   boardGrid,
	"notes":  boardNotes,
}

// moveSentence tells a move as every mail does: "Move 9: Ann played H8
// right 34251, 24 points.", without points for a move that scored none,
// and without a number for an aside ("Ann: draw.").
func moveSentence(p Played) string {
	switch {
	case p.Aside:
		return p.Player + ": " + p.Notation + "."
	case p.Score != 0:
		return "Move " + strconv.Itoa(p.Number) + ": " + p.Player + " played " + p.Notation + ", " + plural(p.Score, "point", "points") + "."
	}
	return "Move " + strconv.Itoa(p.Number) + ": " + p.Player + " played " + p.Notation + "."
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

// list writes names as a sentence does: "Alice", "Alice and Bob",
// "Alice, Bob and Chloé".
func list(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Plural writes n with the noun that agrees with it: "1 point", "7 points".
// The server writes its own sentences with it too.
func Plural(n int, one, many string) string { return plural(n, one, many) }

// plural writes n with the noun that agrees with it: "1 point", "7 points".
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
