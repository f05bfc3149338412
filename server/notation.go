package server

import (
	"strings"
	"unicode"

	"pbem/parser"
)

// notationFor is the part of a game's notation guide about the kind of move
// written: for "H8 rigth 34251" the poses, for "exchange 3 x" the exchange.
// A guide is rows, a line each, an example and its explanation separated
// by a tab (engine.Documented); a row is about the written move when its
// example starts with the same word, or when both start with a square or a
// digit (a pose, a placement, a slide). When no row matches, the whole
// guide is the answer.
func notationFor(guide, written string) string {
	key := moveKind(written)
	var out []string
	for _, row := range strings.Split(guide, "\n") {
		example, _, isRow := strings.Cut(row, "\t")
		if isRow && key != "" && moveKind(example) == key {
			out = append(out, row)
		}
	}
	if len(out) == 0 {
		return guide
	}
	return strings.Join(out, "\n")
}

// moveKind is what kind of move a written move or a guide's example is: its
// first word in lower case, or "position" for one starting with a square
// ("H8", "c1-c3") or a digit ("7 F4"); "" for an empty text. A leading
// "#N" guard is skipped, and so is the "try" of a move tried.
func moveKind(text string) string {
	fields := strings.Fields(text)
	if len(fields) > 1 && len(fields[0]) > 1 && fields[0][0] == '#' {
		fields = fields[1:] // a move number guard, "#12"
	}
	if len(fields) > 1 && strings.EqualFold(fields[0], parser.Try) {
		fields = fields[1:] // a move tried, "try H8 rigth 34251"
	}
	if len(fields) == 0 {
		return ""
	}
	word := fields[0]
	r := []rune(word)
	if unicode.IsDigit(r[0]) || len(r) > 1 && unicode.IsLetter(r[0]) && unicode.IsDigit(r[1]) {
		return "position"
	}
	return strings.ToLower(word)
}
