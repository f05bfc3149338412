package core

import "strings"

// OneLineIf is s, a sentence broken for a mail's text part, on one line
// when flow asks for the HTML part's (engine.View.Flow), which reflows it.
func OneLineIf(flow bool, s string) string {
	if !flow {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
