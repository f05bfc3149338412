package server

import "pbem/engine"

// rendered is st as v sees it, twice: text for a mail's text part, and
// what the board says under its grid written for the HTML part
// (engine.View.Flow), which shows the grid its own way.
func rendered(st engine.State, v engine.View) (text, flow string) {
	text = st.Render(v)
	v.Flow = true
	return text, st.Render(v)
}
