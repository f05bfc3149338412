package parser

import (
	"strings"
	"testing"
)

// FuzzStripQuoted: whatever a reply and a known text hold, StripQuoted
// never panics, only takes lines out (never adds or changes one), and
// changes nothing when it says it removed nothing.
func FuzzStripQuoted(f *testing.F) {
	f.Add("#8 pass\n\nOn 1 Dec, pbem <p@x> wrote:\n"+quoted(sentTurn, "> "), sentTurn)
	f.Add("H8 down 34251", sentTurn)
	f.Add("> > \n>\n|a|\n---\nx: y", "x y z")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, body, known string) {
		rest, removed := StripQuoted(body, known)
		if !removed {
			if rest != body {
				t.Fatalf("nothing removed, yet %q became %q", body, rest)
			}
			return
		}
		lines := strings.Split(body, "\n")
		i := 0
		for _, l := range strings.Split(rest, "\n") {
			for i < len(lines) && lines[i] != l {
				i++
			}
			if i == len(lines) {
				t.Fatalf("line %q of the result is not a line of the reply, in order", l)
			}
			i++
		}
	})
}
