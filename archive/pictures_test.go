package archive

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

// TestPagePictures reads every picture of the page back, square by square:
// each position is drawn, from the start to the last move, with what
// stands on each square as its diagram says and nothing else, and each
// Amplitude pose marks exactly the tokens it laid, never the old ones its
// line crossed. A long game's page weighs about a kilobyte a position.
func TestPagePictures(t *testing.T) {
	for _, s := range samples() {
		t.Run(s.name, func(t *testing.T) {
			p := play(t, s)
			page, err := NewPage(p.kind, p.game, p.moves, p.states, lang.English)
			require.NoError(t, err)
			require.Len(t, page.Pictures, len(p.states), "a picture a position")
			symbols := readSymbols(t, string(page.PictureDefs))
			view := engine.View{Seat: -1, Names: Names(p.game)}
			var before map[[2]int]map[string]string
			crossed := 0
			for n, st := range p.states {
				got := readPicture(t, string(page.Pictures[n]), symbols)
				v := view
				if n > 0 {
					v.Before = p.states[n-1]
				}
				d := st.(engine.Diagrammer).Diagram(v)
				want := map[[2]int]map[string]string{}
				for i, c := range d.Cells {
					if a := cellAttrs(c); len(a) > 0 {
						want[[2]int{i / d.Cols, i % d.Cols}] = a
					}
				}
				require.Equal(t, want, got, "position %d: the picture draws its diagram", n)
				if s.name == "amplitude" && n > 0 {
					var marked, laid []string
					for q, a := range got {
						if a["m"] == strconv.Itoa(int(engine.Placed)) {
							marked = append(marked, d.ColLabels[q[1]]+d.RowLabels[q[0]])
						}
						if a["t"] != "" && before[q]["t"] == "" {
							laid = append(laid, d.ColLabels[q[1]]+d.RowLabels[q[0]])
						}
					}
					assert.ElementsMatch(t, laid, marked, "move %d marks the tokens it laid", n)
					if line := strings.Fields(p.moves[n-1].Notation); len(line) > 2 && len(line[2]) > len(laid) {
						crossed++ // the pose's line holds more digits than it laid
					}
				}
				before = got
			}
			if s.name == "amplitude" {
				assert.Positive(t, crossed, "some poses cross old tokens, which stay unmarked")
			}
			var buf bytes.Buffer
			require.NoError(t, WriteHTML(&buf, page))
			t.Logf("%s: %d positions, %d bytes, %d a position", s.name, len(p.states), buf.Len(), buf.Len()/len(p.states))
			assert.Less(t, buf.Len(), 60_000+1_200*len(p.states), "a position weighs about a kilobyte")
		})
	}
}

// cellAttrs are the data attributes the picture gives a square's symbol
// for c, none for a square it leaves to the empty board.
func cellAttrs(c engine.Cell) map[string]string {
	a := map[string]string{}
	if c.Text != "" {
		a["t"] = c.Text
	}
	if c.Owner >= 0 {
		a["o"] = strconv.Itoa(c.Owner)
	}
	if c.Level != 0 {
		a["l"] = strconv.Itoa(c.Level)
	}
	if c.Mark != engine.Unmarked {
		a["m"] = strconv.Itoa(int(c.Mark))
	}
	return a
}

var (
	symbolTag = regexp.MustCompile(`<symbol id="([^"]+)"([^>]*)>`)
	dataAttr  = regexp.MustCompile(`data-([a-z]+)="([^"]*)"`)
	useTag    = regexp.MustCompile(`<use href="#([^"]+)"(?: x="(\d+)" y="(\d+)")?/>`)
)

// readSymbols are the data attributes of each symbol of the page's defs.
func readSymbols(t *testing.T, defs string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, m := range symbolTag.FindAllStringSubmatch(defs, -1) {
		a := map[string]string{}
		for _, d := range dataAttr.FindAllStringSubmatch(m[2], -1) {
			a[d[1]] = d[2]
		}
		out[m[1]] = a
	}
	require.NotEmpty(t, out)
	return out
}

// readPicture is what a picture draws over its empty board: each square's
// symbol's attributes by row and column, placed by the empty board's
// square size and corner.
func readPicture(t *testing.T, svg string, symbols map[string]map[string]string) map[[2]int]map[string]string {
	t.Helper()
	uses := useTag.FindAllStringSubmatch(svg, -1)
	require.NotEmpty(t, uses)
	board, ok := symbols[uses[0][1]]
	require.True(t, ok, "the empty board is a symbol of the page")
	cell, _ := strconv.Atoi(board["cell"])
	x0, _ := strconv.Atoi(board["x"])
	y0, _ := strconv.Atoi(board["y"])
	require.Positive(t, cell)
	out := map[[2]int]map[string]string{}
	for _, u := range uses[1:] {
		a, ok := symbols[u[1]]
		require.True(t, ok, "symbol %s is defined", u[1])
		x, _ := strconv.Atoi(u[2])
		y, _ := strconv.Atoi(u[3])
		require.Zero(t, (x-x0)%cell, "a square at a square's place")
		out[[2]int{(y - y0) / cell, (x - x0) / cell}] = a
	}
	return out
}
