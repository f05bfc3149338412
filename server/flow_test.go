package server

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestHTMLPartWrittenForABrowser: the HTML parts say what the text parts
// say, laid out by the browser: a turn mail's scores as a table and each
// sentence under the board on a line of its own, the help's guide and
// commands as lists, the history a line a move.
func TestHTMLPartWrittenForABrowser(t *testing.T) {
	g := newClockedGame(t, "chiffres", nil, "ann", "bob")
	mover, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	turn := g.lastTo(other(mover))
	assert.Contains(t, turn.html, `<table class="data"`, "the scores")
	placed := turn.text[strings.Index(turn.text, "Last placement:"):]
	placed = strings.Join(strings.Fields(placed[:strings.Index(placed, "\nScores:")]), " ")
	assert.Contains(t, turn.html, "<div>"+strings.ReplaceAll(placed, "+", "&#43;")+"</div>", "a sentence under the board on one line")
	assert.NotContains(t, turn.html, "Legend:", "the legend of the text grid's marks goes with it")

	require.Equal(t, mailer.Accepted, g.send(mover, "h@x", "help"))
	help := g.lastTo(mover)
	assert.Equal(t, 2, strings.Count(help.html, `<table class="list"`), "the moves and the other commands")
	assert.Contains(t, help.html, "<code>7 F4</code>")
	assert.Contains(t, help.text, "\n  7 F4  ", "the text part lays the rows out")

	require.Equal(t, mailer.Accepted, g.send(mover, "y@x", "history"))
	assert.Contains(t, g.lastTo(mover).html, "<div>1. ")
}
