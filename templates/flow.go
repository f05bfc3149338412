package templates

import (
	htmltemplate "html/template"
	"strings"
)

// The text of a mail is written for 78 columns: sentences broken by hand
// (a game's rules), lists laid out in columns, tables padded with spaces.
// A phone is narrower, a desktop wider, so the HTML part gives the browser
// the same words to lay out itself: flow for prose and lists, lines for
// what stands a line each (what a board says under its grid, a history).

// flow writes text as HTML a browser lays out: each block (its lines up to
// an empty one) a paragraph whose lines are joined, so that a sentence
// broken for the text part flows again; a run of rows (list lines, see
// columns.go) a two-column table whose cells stack on a narrow screen,
// the left cell as code (what to write); a line opening with a blank a
// line of its own, as code too (a command to copy: "    confirm K3X9").
func flow(text string) htmltemplate.HTML {
	var b strings.Builder
	b.Grow(htmlSize(text))
	var para []string
	end := func() {
		if len(para) > 0 {
			b.WriteString("<p>")
			for i, line := range para {
				if i > 0 {
					b.WriteByte(' ')
				}
				escTo(&b, line)
			}
			b.WriteString("</p>\n")
			para = para[:0]
		}
	}
	forBlocks(text, func(block []string) {
		for i := 0; i < len(block); i++ {
			line := block[i]
			switch {
			case isRow(line):
				end()
				j := rowsEnd(block, i)
				writeListTable(&b, block[i:j])
				i = j - 1
			case line[0] == ' ':
				end()
				b.WriteString(`<p style="margin:0.5em 0 0.5em 1.5em"><code>`)
				escTo(&b, strings.TrimSpace(line))
				b.WriteString("</code></p>\n")
			default:
				para = append(para, strings.TrimSpace(line))
			}
		}
		end()
	})
	return htmltemplate.HTML(b.String())
}

// htmlSize is a first guess at the size of text written as HTML by flow or
// lines, so that their builder seldom grows: its markup is about as long
// again as its words.
func htmlSize(text string) int { return 2*len(text) + 64 }

// lines writes text whose every line stands alone as HTML: each line a
// line, wrapped to the screen; a line opening with a blank indented, an
// item of the line above it; a run of rows (cells separated by tabs) a
// table of data, numbers on the right; an empty line a space between
// blocks. It reads what engine.View.Flow renders.
func lines(text string) htmltemplate.HTML {
	var b strings.Builder
	b.Grow(htmlSize(text))
	writeLines(&b, text)
	return htmltemplate.HTML(b.String())
}

// writeLines writes what lines returns to b, for boardHTML, which ends
// with it.
func writeLines(b *strings.Builder, text string) {
	forBlocks(text, func(block []string) {
		b.WriteString(`<div style="margin:0.75em 0">` + "\n")
		for i := 0; i < len(block); i++ {
			line := block[i]
			switch {
			case isRow(line):
				j := rowsEnd(block, i)
				writeDataTable(b, block[i:j])
				i = j - 1
			case line[0] == ' ':
				b.WriteString(`<div style="padding-left:1.5em">`)
				escTo(b, strings.TrimSpace(line))
				b.WriteString("</div>\n")
			default:
				b.WriteString("<div>")
				escTo(b, line)
				b.WriteString("</div>\n")
			}
		}
		b.WriteString("</div>\n")
	})
}

// forBlocks calls do with each block of text, its lines up to an empty
// one (blanks count as empty), trailing blanks cut.
func forBlocks(text string, do func(block []string)) {
	var block []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \r")
		if strings.TrimSpace(line) == "" {
			if len(block) > 0 {
				do(block)
			}
			block = nil
			continue
		}
		block = append(block, line)
	}
	if len(block) > 0 {
		do(block)
	}
}

// isRow says a line is a row of a list or a table: its cells are
// separated by tabs.
func isRow(line string) bool { return strings.Contains(line, "\t") }

// rowsEnd is the index after the run of rows that starts at block[i].
func rowsEnd(block []string, i int) int {
	for i < len(block) && isRow(block[i]) {
		i++
	}
	return i
}

// writeListTable writes a two-column list to b as a table: the left cell
// as code, kept on one line, the right one beside it; under a phone's
// width the style sheet (see style) stacks them, the right cell indented
// under the left.
func writeListTable(b *strings.Builder, rows []string) {
	b.WriteString(`<table class="list" style="border-collapse:collapse;margin:0.5em 0">` + "\n")
	for _, row := range rows {
		left, right, _ := cells(row)
		b.WriteString(`<tr><td class="l" style="vertical-align:top;padding:0.2em 1em 0.2em 0;white-space:nowrap"><code>`)
		escTo(b, left)
		b.WriteString(`</code></td><td class="r" style="vertical-align:top;padding:0.2em 0">`)
		escTo(b, right)
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("</table>\n")
}

// isNumber says a cell holds a number: digits, a sign before them or not.
// Written out rather than as a regular expression: it is asked of every
// cell of every score table of every mail.
func isNumber(cell string) bool {
	if cell != "" && (cell[0] == '-' || cell[0] == '+') {
		cell = cell[1:]
	}
	if cell == "" {
		return false
	}
	for i := 0; i < len(cell); i++ {
		if cell[i] < '0' || cell[i] > '9' {
			return false
		}
	}
	return true
}

// writeDataTable writes rows of cells to b as a table of data, such as
// the scores: a column of numbers (most of its cells) aligned right, its
// heading with it; a first row whose first cell is empty is the table's
// head.
func writeDataTable(b *strings.Builder, rows []string) {
	cells := make([][]string, len(rows))
	var numbers, filled []int
	for i, row := range rows {
		cells[i] = strings.Split(row, "\t")
		for j, cell := range cells[i] {
			cells[i][j] = strings.TrimSpace(cell)
			if j >= len(filled) {
				numbers, filled = append(numbers, 0), append(filled, 0)
			}
			if cells[i][j] != "" {
				filled[j]++
			}
			if isNumber(cells[i][j]) {
				numbers[j]++
			}
		}
	}
	head := len(cells) > 1 && cells[0][0] == ""
	b.WriteString(`<table class="data" style="border-collapse:collapse;margin:0.25em 0">` + "\n")
	for i, row := range cells {
		b.WriteString("<tr>")
		for j, cell := range row {
			numeric := 2*numbers[j] > filled[j]
			tag := "td"
			if head && i == 0 {
				tag = "th"
			}
			b.WriteString("<" + tag)
			b.WriteString(` style="padding:0.1em 0.75em 0.1em 0`)
			if numeric {
				b.WriteString(";text-align:right")
			}
			if tag == "th" {
				b.WriteString(";font-weight:normal;color:#555;font-size:90%")
				if !numeric {
					b.WriteString(";text-align:left")
				}
			}
			b.WriteString(`">`)
			escTo(b, cell)
			b.WriteString("</" + tag + ">")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// esc escapes text for HTML as html/template does.
func esc(s string) string { return htmlEscaper.Replace(s) }

// escTo writes s to b escaped as esc escapes it, without a string between.
func escTo(b *strings.Builder, s string) {
	if _, err := htmlEscaper.WriteString(b, s); err != nil {
		panic(err) // a strings.Builder does not fail: cannot happen
	}
}

// styleSheet is the style block every HTML part has in its head (style):
// what a mail client that honours one does on top of the inline styles,
// which are enough alone. Under a phone's width a list's two cells stack,
// the right one indented under the left, and the ASCII board's type is
// small enough for its lines to fit 360 pixels (board.go). !important
// overrides the inline styles, which clients without media queries keep.
const styleSheet htmltemplate.HTML = `<style>
body{line-height:1.4;max-width:46em;overflow-wrap:break-word;word-wrap:break-word}
img{max-width:100%;height:auto}
pre.board{white-space:pre;overflow-x:auto;max-width:100%}
code{font-family:Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:0.9em}
td{overflow-wrap:break-word}
@media (max-width:480px){
pre.board{font-size:13px!important}
pre.wide{font-size:11px!important}
table.list,table.list tbody,table.list tr,table.list td{display:block!important}
table.list td.l{white-space:normal!important;padding:0.5em 0 0!important}
table.list td.r{padding:0 0 0 1.5em!important}
}
</style>`
