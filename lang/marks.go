package lang

// French sets a space before ; : ! ? and » and after «, a space no line
// may break at: a mark so set belongs to the word beside it. Every
// wrapping of pbem's text (engine.Wrap under a board, the templates'
// paragraphs) keeps such a mark on its word's line through these.

// ClosingMark reports whether w, a word as spaces part them, is
// punctuation French sets after a space, which belongs to the word
// before it.
func ClosingMark(w string) bool {
	switch w {
	case ";", ":", "!", "?", "!?", "?!", "»", "»,", "».":
		return true
	}
	return false
}

// OpeningMark reports whether w is punctuation French sets before a
// space, which belongs to the word after it.
func OpeningMark(w string) bool { return w == "«" }
