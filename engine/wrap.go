package engine

import "strings"

// Wrap breaks a sentence under a board into lines of at most width
// columns, at spaces, the later lines opening with indent, and ends it
// with a newline: mails are read in 78 columns.
func Wrap(text string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(text) {
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
