package templates

import (
	htmltemplate "html/template"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A rendered board (a game's Render, the text part's board) is its ASCII
// grid, labelled with the columns above and below; the legend of the
// grid's marks; an empty line; and what the board says under it (the last
// move, the scores, whose turn, the rack).

// boardGrid is the grid of a rendered board: its lines from the first to
// the column labels under the grid, a repeat of the first line (every
// game labels its columns above and below); "" for a text that opens with
// no grid (a history, the help). An HTML part shows it in a <pre> when it
// has no picture, and as the picture's alt text when it has one.
func boardGrid(board string) string {
	grid, _, _ := splitBoard(board)
	return grid
}

// boardLegend is what a rendered board says of its grid's marks: the
// lines under the grid up to the first empty one, as one sentence.
func boardLegend(board string) string {
	_, legend, _ := splitBoard(board)
	return legend
}

// boardNotes is what a rendered board says under its grid and legend: the
// lines after the first empty one; the whole text when it opens with no
// grid.
func boardNotes(board string) string {
	_, _, notes := splitBoard(board)
	return notes
}

// splitBoard cuts a rendered board into its grid, its legend (its lines
// joined) and its notes, as boardGrid, boardLegend and boardNotes say.
func splitBoard(board string) (grid, legend, notes string) {
	lines := strings.Split(strings.TrimRight(board, "\n"), "\n")
	bottom := 0
	for i, line := range lines {
		if strings.TrimSpace(line) == "" {
			break
		}
		if i > 0 && line == lines[0] {
			bottom = i
		}
	}
	if bottom == 0 {
		return "", "", strings.Trim(board, "\n")
	}
	rest := lines[bottom+1:]
	end := len(rest)
	for i, line := range rest {
		if strings.TrimSpace(line) == "" {
			end = i
			break
		}
	}
	legend = strings.Join(strings.Fields(strings.Join(rest[:end], " ")), " ")
	notes = strings.Trim(strings.Join(rest[min(end+1, len(rest)):], "\n"), "\n")
	return strings.Join(lines[:bottom+1], "\n"), legend, notes
}

// narrowGrid is the widest grid, in columns, whose type on a phone need
// not be smaller than 13 pixels (Chiffres' 43 columns are 337 pixels); a
// wider one (Amplitude's 52) is set in 11 (see styleSheet).
const narrowGrid = 44

// gridWidth is the widest line of grid, in columns.
func gridWidth(grid string) int {
	n := 0
	for _, line := range strings.Split(grid, "\n") {
		n = max(n, utf8.RuneCountInString(line))
	}
	return n
}

// boardHTML is a board in a mail's HTML part: its picture when there is
// one (picture its Content-ID, width the width it is drawn at), the ASCII
// grid its alt text; else the grid, in a <pre> whose lines fit a phone
// (the style sheet makes its type smaller there), and its legend as a
// sentence. Then what the board says under it: flowText, written for a
// browser (engine.View.Flow), or when that is "" the text board's own
// lines.
func boardHTML(board, flowText, picture string, width int) htmltemplate.HTML {
	grid, legend, notes := splitBoard(board)
	if flowText == "" {
		flowText = notes
	}
	var b strings.Builder
	b.Grow(2*len(grid) + htmlSize(flowText) + 256) // the grid escaped, its markup, the notes
	switch {
	case picture != "":
		b.WriteString(`<p><img src="cid:`)
		escTo(&b, picture)
		b.WriteString(`" alt="`)
		escTo(&b, grid)
		b.WriteString(`" width="100%" style="max-width:`)
		b.WriteString(strconv.Itoa(width))
		b.WriteString(`px;height:auto"></p>` + "\n")
	case grid != "":
		class := "board"
		if gridWidth(grid) > narrowGrid {
			class = "board wide"
		}
		b.WriteString(`<pre class="`)
		b.WriteString(class)
		b.WriteString(`" style="font-family:monospace;font-size:14px;line-height:1.25;margin:0.75em 0">`)
		escTo(&b, grid)
		b.WriteString("</pre>\n")
		if legend != "" {
			b.WriteString(`<p style="font-size:90%">`)
			escTo(&b, legend)
			b.WriteString("</p>\n")
		}
	}
	writeLines(&b, flowText)
	return htmltemplate.HTML(b.String())
}
