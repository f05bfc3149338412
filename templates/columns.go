package templates

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"pbem/lang"
)

// A two-column list — a game's notation guide, the help's commands, the
// lobby's — reaches the templates as rows, a line each, its two cells
// separated by a tab:
//
//	H8 down 34251<TAB>a pose; the server finds the best formula
//
// so that no sentence of the server's lays it out by hand. A text part
// lays the rows out with wrap (columns, below); an HTML part makes them a
// table with flow (flow.go).

// rowIndent opens every row of a list laid out in text, and rowGap
// parts its two columns.
const (
	rowIndent = "  "
	rowGap    = "  "
)

// cells are a row's two cells, trimmed; ok is false for a line that is
// no row (it holds no tab). A tab in the right cell reads as a space.
func cells(line string) (left, right string, ok bool) {
	left, right, ok = strings.Cut(line, "\t")
	return strings.TrimSpace(left), strings.Join(strings.Fields(right), " "), ok
}

// columns lays rows out within width columns, from the widest left cell:
// each row opens with two spaces and its left cell, padded to the widest;
// its right cell follows two spaces further, wrapped within the columns
// left, each later line under the right column. A left cell so wide that
// the right column would get less than half the width is left out of
// that measure and gets a line of its own (wrapped if need be), its right
// cell starting under the right column on the next line. A word wider
// than its column stays whole.
func columns(rows []string, width int) []string {
	indent, gap := utf8.RuneCountInString(rowIndent), utf8.RuneCountInString(rowGap)
	widest := 0
	for _, row := range rows {
		left, _, _ := cells(row)
		if n := utf8.RuneCountInString(left); n <= leftLimit(width) {
			widest = max(widest, n)
		}
	}
	col := indent + widest + gap // where the right cells start
	under := strings.Repeat(" ", col)
	var out []string
	for _, row := range rows {
		left, right, _ := cells(row)
		wrapped := words(right, max(width-col, 1))
		n := utf8.RuneCountInString(left)
		if n > widest {
			for _, l := range words(left, width-indent) {
				out = append(out, rowIndent+l)
			}
			for _, r := range wrapped {
				out = append(out, under+r)
			}
			continue
		}
		first := rowIndent + left
		if len(wrapped) > 0 {
			first += strings.Repeat(" ", widest-n) + rowGap + wrapped[0]
			wrapped = wrapped[1:]
		}
		out = append(out, first)
		for _, r := range wrapped {
			out = append(out, under+r)
		}
	}
	return out
}

// leftLimit is the widest left cell a list in width columns lines up
// with the others: the right column keeps at least half the width.
func leftLimit(width int) int {
	return width - width/2 - utf8.RuneCountInString(rowIndent) - utf8.RuneCountInString(rowGap)
}

// words breaks text at spaces into lines of at most width columns; a
// word longer than width is a line of its own, whole. No text, no lines.
// Words are parted by white space as strings.Fields parts them, and a
// line's words by one space: a line whose words are parted so already in
// text is a piece of it, not a copy.
func words(text string, width int) []string {
	var out []string
	start, end, n := -1, 0, 0 // the line so far: text[start:end], n columns
	single := true            // its words parted by one space each
	line := func() string {
		if single {
			return text[start:end]
		}
		return strings.Join(strings.Fields(text[start:end]), " ")
	}
	for i := 0; ; {
		ws, we, cols, glued := nextUnit(text[i:])
		if cols == 0 {
			break
		}
		at := i + ws
		i += we
		if glued {
			single = false // a mark's own space may be any white space
		}
		switch {
		case start < 0:
			start, end, n, single = at, i, cols, true
		case n+1+cols <= width:
			single = single && text[end:at] == " "
			end, n = i, n+1+cols
		default:
			out = append(out, line())
			start, end, n, single = at, i, cols, true
		}
	}
	if start >= 0 {
		out = append(out, line())
	}
	return out
}

// nextUnit finds the first word of s with the marks that belong to it
// (lang.ClosingMark after it, lang.OpeningMark before it), which no line
// breaks apart: its start and end in s, its columns counting one space
// for each gap within it, and whether it holds such a gap.
func nextUnit(s string) (start, end, cols int, glued bool) {
	start, end, cols = nextWord(s)
	if cols == 0 {
		return start, end, cols, false
	}
	for {
		ws, we, c := nextWord(s[end:])
		if c == 0 {
			return start, end, cols, glued
		}
		word, next := s[start:end], s[end+ws:end+we]
		if !lang.ClosingMark(next) && !lang.OpeningMark(lastWord(word)) {
			return start, end, cols, glued
		}
		end, cols, glued = end+we, cols+1+c, true
	}
}

// lastWord is the last word of a unit of nextUnit's.
func lastWord(unit string) string {
	f := strings.Fields(unit)
	return f[len(f)-1]
}

// nextWord finds the first word of s, white space parting words as
// unicode.IsSpace says (as strings.Fields does): its start and end in s
// and its length in columns (runes); no columns when s holds no word.
func nextWord(s string) (start, end, cols int) {
	start = len(s)
	for i, r := range s {
		if unicode.IsSpace(r) {
			if cols > 0 {
				return start, i, cols
			}
			continue
		}
		if cols == 0 {
			start = i
		}
		cols++
	}
	return start, len(s), cols
}
