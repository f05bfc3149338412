package templates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

func TestBoardGridAndNotes(t *testing.T) {
	for _, c := range []struct{ board, grid, notes string }{
		{"  A B\n1 . 3\n\nScores:\n  Ann 3\n", "  A B\n1 . 3", "Scores:\n  Ann 3"},
		{"  A B\n1 . 3\n   \nBag: 4 tokens.", "  A B\n1 . 3", "Bag: 4 tokens."},
		{"  A B\n1 . 3\n", "  A B\n1 . 3", ""},
		{"", "", ""},
	} {
		assert.Equal(t, c.grid, boardGrid(c.board), "%q", c.board)
		assert.Equal(t, c.notes, boardNotes(c.board), "%q", c.board)
	}
}

// A mail with a picture shows it, with the ASCII grid as its alt text and
// the board's notes under it as text; without one, the text board.
func TestBoardPictureInHTML(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	turn := Turn{Game: "Amplitude", GameID: 12, Player: "Bob", Board: board, MoveNumber: 31}
	_, html, err := set.Render("turn", lang.English, turn, nil)
	require.NoError(t, err)
	assert.NotContains(t, html, "<img")
	assert.Contains(t, html, "15  .  .  .")
	turn.Picture, turn.PictureWidth = "board.1@example.org", 533
	text, html, err := set.Render("turn", lang.English, turn, nil)
	require.NoError(t, err)
	assert.Contains(t, html, `<img src="cid:board.1@example.org" alt="    A  B  C`)
	assert.Contains(t, html, `max-width:533px`)
	assert.Contains(t, html, "Your rack: 1 2 7 9 9</pre>", "the notes under the grid stay text")
	assert.Equal(t, 1, strings.Count(html, "15  .  .  ."), "the grid once, in the alt text")
	assert.Contains(t, text, "15  .  .  .", "the text part keeps the ASCII board")
}
