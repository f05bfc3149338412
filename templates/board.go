package templates

import "strings"

// boardGrid is the grid of a rendered board: its lines up to the first
// empty one. An HTML part that shows the board's picture gives it as the
// picture's alt text, for a client that shows no pictures.
func boardGrid(board string) string {
	grid, _, _ := cutBlank(board)
	return grid
}

// boardNotes is what a rendered board says under its grid (the last move,
// the scores, the rack): its lines after the first empty one, which an
// HTML part that shows the picture still shows as text.
func boardNotes(board string) string {
	_, notes, _ := cutBlank(board)
	return strings.Trim(notes, "\n")
}

// cutBlank cuts s at its first empty line, a line of blanks counting as
// one.
func cutBlank(s string) (before, after string, found bool) {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) == "" && i > 0 {
			return strings.Join(lines[:i], "\n"), strings.Join(lines[i+1:], "\n"), true
		}
	}
	return strings.TrimRight(s, "\n"), "", false
}
