package templates

import (
	"bytes"
	htmltemplate "html/template"
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
	"legend": boardLegend,
	"notes":  boardNotes,
}

// htmlOnly are the helpers of the HTML parts alone, which write a text
// for the browser (flow.go, board.go).
var htmlOnly = map[string]any{
	"flow":  flow,
	"lines": lines,
	"board": boardHTML,
	"style": func() htmltemplate.HTML { return styleSheet },
}

// textParseFuncs and htmlParseFuncs are every function a text or HTML part
// may call, those of a language in English.
var (
	textParseFuncs = withFuncs(funcs, textFuncs(lang.English))
	htmlParseFuncs = withFuncs(funcs, htmlOnly, htmlFuncs(lang.English))
)

// withFuncs is the maps together, a later one's function winning.
func withFuncs(ms ...map[string]any) map[string]any {
	out := map[string]any{}
	for _, m := range ms {
		maps.Copy(out, m)
	}
	return out
}

// wrap breaks each line of s longer than width at spaces, continuing with
// the line's own indentation. Lines that fit are kept as they are, so
// preformatted text passes through; a word longer than width stays whole.
// A run of lines holding a tab is a two-column list, laid out by columns.
func wrap(width int, s string) string {
	if fits(s, width) {
		return s // most sentences: nothing to copy
	}
	lines := strings.Split(s, "\n")
	var b strings.Builder
	b.Grow(len(s) + len(s)/4) // the indentation of lines broken
	written := false
	put := func(parts ...string) { // a line of the result
		if written {
			b.WriteByte('\n')
		}
		written = true
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if isRow(line) {
			j := rowsEnd(lines, i)
			for _, l := range columns(lines[i:j], width) {
				put(l)
			}
			i = j - 1
			continue
		}
		if utf8.RuneCountInString(line) <= width {
			put(line)
			continue
		}
		rest := strings.TrimLeft(line, " \t")
		lead := line[:len(line)-len(rest)]
		for _, l := range words(rest, width-utf8.RuneCountInString(lead)) {
			put(lead, l)
		}
	}
	return b.String()
}

// fits says wrap has nothing to do to s: no line of it wider than width,
// and no list.
func fits(s string, width int) bool {
	if strings.IndexByte(s, '\t') >= 0 {
		return false
	}
	for line := range strings.SplitSeq(s, "\n") {
		if utf8.RuneCountInString(line) > width {
			return false
		}
	}
	return true
}

// indent puts prefix before every line of s but empty ones, for quoting
// ("> ") and for setting text off from the prose around it.
func indent(prefix, s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(prefix)*(strings.Count(s, "\n")+1))
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if line != "" {
			b.WriteString(prefix)
		}
		b.WriteString(line)
	}
	return b.String()
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
// row, none at the start, and one newline at the end. It reads the bytes
// rendered and writes the mail in one pass, a line at a time, an empty
// line held back until a line with words follows it.
func tidy(s []byte) string {
	var b strings.Builder
	b.Grow(len(s) + 1)
	blank := false // an empty line held back
	for len(s) > 0 {
		var line []byte
		line, s, _ = bytes.Cut(s, []byte("\n"))
		if string(line) != sigSeparator {
			line = bytes.TrimRight(line, " \t\r")
		}
		if len(line) == 0 {
			blank = b.Len() > 0 // none at the start
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			if blank {
				b.WriteByte('\n')
			}
		}
		b.Write(line)
		blank = false
	}
	b.WriteByte('\n')
	return b.String()
}
