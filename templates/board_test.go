package templates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

func TestBoardGridLegendAndNotes(t *testing.T) {
	for _, c := range []struct{ name, board, grid, legend, notes string }{
		{"grid, legend and notes", "  A B\n1 . 3\n  A B\nLegend: [3] the last\n  token.\n\nScores:\n  Ann 3\n",
			"  A B\n1 . 3\n  A B", "Legend: [3] the last token.", "Scores:\n  Ann 3"},
		{"no legend, a blank line", "  A B\n1 . 3\n  A B\n   \nBag: 4 tokens.", "  A B\n1 . 3\n  A B", "", "Bag: 4 tokens."},
		{"a grid alone", "  A B\n1 . 3\n  A B\n", "  A B\n1 . 3\n  A B", "", ""},
		{"no grid: a history", "  1. Ann: H8 (3)\n  2. Bob: pass (0)\n", "", "", "  1. Ann: H8 (3)\n  2. Bob: pass (0)"},
		{"the labels only under an empty line", "  A B\n\n  A B\n", "", "", "  A B\n\n  A B"},
		{"nothing", "", "", "", ""},
	} {
		assert.Equal(t, c.grid, boardGrid(c.board), c.name)
		assert.Equal(t, c.legend, boardLegend(c.board), c.name)
		assert.Equal(t, c.notes, boardNotes(c.board), c.name)
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
	assert.Contains(t, html, `<pre class="board wide"`, "Amplitude's grid set smaller on a phone")
	assert.Contains(t, html, "15  .  .  .")
	turn.Picture, turn.PictureWidth = "board.1@example.org", 533
	text, html, err := set.Render("turn", lang.English, turn, nil)
	require.NoError(t, err)
	assert.Contains(t, html, `<img src="cid:board.1@example.org" alt="    A  B  C`)
	assert.Contains(t, html, `max-width:533px`)
	assert.Contains(t, html, "<div>Your rack: 1 2 7 9 9</div>", "the notes under the grid stay text, a line each")
	assert.Equal(t, 1, strings.Count(html, "15  .  .  ."), "the grid once, in the alt text")
	assert.Contains(t, text, "15  .  .  .", "the text part keeps the ASCII board")
}
