package templates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFlow(t *testing.T) {
	got := string(flow("The first pose has an end on H8 and\nscores double.\n\nMoves:\n" +
		"H8 down 34251\ta pose; the <best> formula\npass\tdo nothing\nA note.\n\n    confirm K3X9\n"))
	assert.Equal(t, "<p>The first pose has an end on H8 and scores double.</p>\n"+
		"<p>Moves:</p>\n"+
		`<table class="list" style="border-collapse:collapse;margin:0.5em 0">`+"\n"+
		`<tr><td class="l" style="vertical-align:top;padding:0.2em 1em 0.2em 0;white-space:nowrap"><code>H8 down 34251</code></td>`+
		`<td class="r" style="vertical-align:top;padding:0.2em 0">a pose; the &lt;best&gt; formula</td></tr>`+"\n"+
		`<tr><td class="l" style="vertical-align:top;padding:0.2em 1em 0.2em 0;white-space:nowrap"><code>pass</code></td>`+
		`<td class="r" style="vertical-align:top;padding:0.2em 0">do nothing</td></tr>`+"\n"+
		"</table>\n"+
		"<p>A note.</p>\n"+
		`<p style="margin:0.5em 0 0.5em 1.5em"><code>confirm K3X9</code></p>`+"\n", got,
		"a sentence broken by hand flows again, a list is a table, an indented line code")
	assert.Empty(t, string(flow("")))
}

func TestLines(t *testing.T) {
	got := string(lines("Last pose, by Dora:\n  I8 down 2=(3/(4×6)), 1728 points.\nScores:\nAlice\t4741\t(to play)\nBob\t-6\n\nBob to play."))
	assert.Equal(t, `<div style="margin:0.75em 0">`+"\n"+
		"<div>Last pose, by Dora:</div>\n"+
		`<div style="padding-left:1.5em">I8 down 2=(3/(4×6)), 1728 points.</div>`+"\n"+
		"<div>Scores:</div>\n"+
		`<table class="data" style="border-collapse:collapse;margin:0.25em 0">`+"\n"+
		`<tr><td style="padding:0.1em 0.75em 0.1em 0">Alice</td><td style="padding:0.1em 0.75em 0.1em 0;text-align:right">4741</td><td style="padding:0.1em 0.75em 0.1em 0">(to play)</td></tr>`+"\n"+
		`<tr><td style="padding:0.1em 0.75em 0.1em 0">Bob</td><td style="padding:0.1em 0.75em 0.1em 0;text-align:right">-6</td></tr>`+"\n"+
		"</table>\n</div>\n"+
		`<div style="margin:0.75em 0">`+"\n<div>Bob to play.</div>\n</div>\n", got,
		"a line each, an item indented, a table of data with its numbers on the right")
	head := string(lines("\tboard\treserve\nAnn (White)\t6\t0\tto play\nBob (Black)\t5\t1"))
	assert.Contains(t, head, `<tr><th style="padding:0.1em 0.75em 0.1em 0;font-weight:normal;color:#555;font-size:90%;text-align:left"></th>`+
		`<th style="padding:0.1em 0.75em 0.1em 0;text-align:right;font-weight:normal;color:#555;font-size:90%">board</th>`,
		"a first row with an empty first cell is the head, aligned as its columns")
	assert.Contains(t, head, `<td style="padding:0.1em 0.75em 0.1em 0">to play</td></tr>`)
}

// TestBoardHTML: the picture with the grid as its alt text, or the grid
// in a <pre> and its legend as a sentence; then the notes written for the
// browser, or the text board's own when there are none.
func TestBoardHTML(t *testing.T) {
	text := "  a b\n1 . W\n  a b\nW White,\nB Black.\n\nScores:\n  Ann  3\n"
	flowed := "Scores:\nAnn\t3\n"
	pic := string(boardHTML(text, flowed, "p@x", 551))
	assert.Contains(t, pic, `<img src="cid:p@x" alt="  a b`+"\n1 . W\n"+`  a b" width="100%" style="max-width:551px;height:auto">`)
	assert.NotContains(t, pic, "<pre")
	assert.NotContains(t, pic, "White", "the legend of the text grid's marks goes with the grid")
	assert.Contains(t, pic, "<td style=\"padding:0.1em 0.75em 0.1em 0\">Ann</td>")
	plain := string(boardHTML(text, flowed, "", 0))
	assert.Contains(t, plain, `">  a b`+"\n1 . W\n  a b</pre>")
	assert.Contains(t, plain, `<p style="font-size:90%">W White, B Black.</p>`)
	assert.Equal(t, 1, strings.Count(plain, "Ann"))
	assert.Contains(t, string(boardHTML(text, "", "", 0)), `<div style="padding-left:1.5em">Ann  3</div>`, "no flow: the text's own lines")
}
