package server

import (
	"strings"

	"pbem/engine"
)

// rendered is st as v sees it, twice: text for a mail's text part, and
// what the board says under its grid written for the HTML part
// (engine.View.Flow), which shows the grid its own way.
func rendered(st engine.State, v engine.View) (text, flow string) {
	text = st.Render(v)
	v.Flow = true
	return text, st.Render(v)
}

// oneLineIf is s, a sentence broken for the text part, on one line when
// flow asks for the HTML part's.
func oneLineIf(flow bool, s string) string {
	if !flow {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
