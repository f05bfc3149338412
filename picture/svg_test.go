package picture

import (
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestSheetBoard draws every fixture on one sheet: each board is well-formed
// SVG as big as PNG's picture without its legend, draws a square for each
// square something stands on or a move marked and no other, every symbol
// it uses is in the defs once, and the same boards give the same bytes.
func TestSheetBoard(t *testing.T) {
	draw := func() (boards []string, defs string) {
		s := NewSheet("q")
		for _, f := range fixtures(t) {
			b, err := s.Board(f.diagram(), "the board of "+f.name+` <"&">`)
			require.NoError(t, err, f.name)
			boards = append(boards, b)
		}
		return boards, s.Defs()
	}
	boards, defs := draw()
	again, defsAgain := draw()
	assert.Equal(t, boards, again, "the same boards, the same bytes")
	assert.Equal(t, defs, defsAgain)

	wellFormed(t, defs)
	ids := regexp.MustCompile(`<symbol id="([^"]+)"`).FindAllStringSubmatch(defs, -1)
	defined := map[string]bool{}
	for _, id := range ids {
		assert.False(t, defined[id[1]], "symbol %s is defined once", id[1])
		defined[id[1]] = true
	}
	for i, f := range fixtures(t) {
		b := boards[i]
		wellFormed(t, b)
		d := f.diagram()
		bare := d
		bare.Legend = ""
		w, h := Size(bare)
		assert.Contains(t, b, `viewBox="0 0 `+strconv.Itoa(w)+" "+strconv.Itoa(h)+`"`, f.name)
		assert.Contains(t, b, `aria-label="the board of `+f.name+` &lt;&#34;&amp;&#34;&gt;"`, f.name)
		drawn := 0
		for _, c := range d.Cells {
			if c.Text != "" || c.Owner >= 0 || c.Level > 0 || c.Mark != engine.Unmarked {
				drawn++
			}
		}
		uses := regexp.MustCompile(`<use href="#([^"]+)"`).FindAllStringSubmatch(b, -1)
		assert.Len(t, uses, drawn+1, "%s: the empty board, then a square for each one drawn on it", f.name)
		for _, u := range uses {
			assert.True(t, defined[u[1]], "%s uses symbol %s of the defs", f.name, u[1])
		}
	}
}

func TestSheetRefusesAMismatchedDiagram(t *testing.T) {
	_, err := NewSheet("q").Board(engine.Diagram{Cols: 2, Rows: 2, Cells: make([]engine.Cell, 3)}, "")
	assert.ErrorContains(t, err, "has 4 cells, not 3")
}

// wellFormed fails unless s parses as XML.
func wellFormed(t *testing.T, s string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err, "well-formed SVG")
	}
}
