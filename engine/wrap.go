package engine

import (
	"strings"

	"pbem/lang"
)

// Wrap breaks a sentence under a board into lines of at most width
// columns, at spaces, the later lines opening with indent, and ends it
// with a newline: mails are read in 78 columns. French sets a space
// before ; : ! ? and » and after «, a space no line may break at: such a
// mark stays on the line of the word it belongs to (units).
func Wrap(text string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, w := range units(text) {
		n := len([]rune(w))
		switch {
		case i == 0:
		case line+1+n > width:
			b.WriteString("\n" + indent)
			line = len([]rune(indent))
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += n
	}
	b.WriteString("\n")
	return b.String()
}

// units are text's words as Wrap may break between them: a mark that
// French writes apart from its word (a closing mark after a space, an
// opening one before) joined to that word, so that "tour ; puis" never
// breaks before the semicolon.
func units(text string) []string {
	words := strings.Fields(text)
	out := make([]string, 0, len(words))
	glue := false // the last unit opens with « and waits for its word
	for _, w := range words {
		switch {
		case glue:
			out[len(out)-1] += " " + w
		case len(out) > 0 && lang.ClosingMark(w):
			out[len(out)-1] += " " + w
		default:
			out = append(out, w)
		}
		glue = lang.OpeningMark(w)
	}
	return out
}

// Wrap is the package's Wrap for v: the sentence on one line when v.Flow,
// since its reader lays it out to the screen.
func (v View) Wrap(text string, width int, indent string) string {
	if v.Flow {
		return strings.Join(strings.Fields(text), " ") + "\n"
	}
	return Wrap(text, width, indent)
}

// NameList lists seats for a sentence, each as name gives it: "Alice, Bob".
func NameList(seats []int, name func(seat int) string) string {
	out := make([]string, len(seats))
	for i, seat := range seats {
		out[i] = name(seat)
	}
	return strings.Join(out, ", ")
}
