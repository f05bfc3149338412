// Package picture draws a game's board as a small PNG for the mails: a
// mail is read on a phone, in a proportional font, by players who would
// rather look than read, and the ASCII board, drawn for fixed-width text,
// does not fit a phone's width. It draws any engine.Diagram, knowing
// nothing of the games: squares, tokens, cubes with their owner and level,
// printed squares tinted, the last move outlined, coordinates on every edge.
//
// Colours are chosen from the Okabe–Ito palette, which readers with any
// common colour blindness tell apart, and never carry a meaning alone: the
// last move is a thick outline as well as a colour, a bonus square bears a
// K and a malus square a bar, a cube's owner is white or black and its
// level a digit and as many pips. The image is paletted, a few dozen
// colours, so that a 15×15 board weighs a few kilobytes; the same diagram
// always gives the same bytes.
package picture

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"pbem/engine"
)

// MinWidth is the narrowest board a default picture has, in pixels: a
// phone shows a mail's picture scaled to its width, some 390 CSS pixels,
// and a board drawn at least this wide keeps its digits readable there
// while staying sharp on a screen of two or three device pixels a CSS one.
const MinWidth = 480

// DefaultCell is a square's side in pixels for a board of cols columns:
// the smallest even size that makes the board MinWidth wide at least, 32
// for 15 columns, 54 for 9, 70 for 7.
func DefaultCell(cols int) int {
	if cols <= 0 {
		return 0
	}
	cell := (MinWidth + cols - 1) / cols
	return cell + cell%2
}

// Size is the width and height in pixels of the picture PNG draws for d,
// or 0, 0 when PNG would refuse d.
func Size(d engine.Diagram) (w, h int) {
	l, err := layoutOf(d, DefaultCell(d.Cols))
	if err != nil {
		return 0, 0
	}
	return l.w, l.h
}

// drawing serialises PNG: its painter keeps its pieces and scratch for
// the next picture, so that the daemon's memory does not grow with the
// mails it handles at once. Drawing is CPU work, so on a small machine
// little time is lost waiting.
var drawing struct {
	sync.Mutex
	p painter
}

// painter draws pictures from a kit's pieces, with its scratch.
type painter struct {
	kit *kit
	enc encoder
	ids []uint32 // the board's chunks
	out []byte   // the PNG file
}

// MaxBytes is the most a picture weighs: a board mailed with every move
// stays light on a phone's connection.
const MaxBytes = 30 << 10

// PNG draws d as a PNG image, paletted, its squares DefaultCell pixels
// wide. It refuses a diagram whose cells or labels do not match its size.
//
// A picture is put together from pieces drawn once and kept (kit): the
// empty board with its coordinates per size and labels, the legend per
// text, and each distinct square's image; glyphs are rasterised once
// (sharedFace). It is compressed by this package's own encoder
// (deflate.go), which copies a piece's rows met before by their ids alone:
// the pictures are smaller than image/png makes them and drawn about seven
// times faster. Measured on the fullest boards of Amplitude, Chiffres and
// Ludicitude (BenchmarkPNG, CPU time, the machine shared):
//
//	image/png, BestSpeed (before):     1.69, 2.36, 1.77 ms; 18,037, 26,342, 13,258 bytes
//	image/png, DefaultCompression:     ~4, ~6, ~4 ms;      11,860, 16,822,  9,884 bytes
//	compress/flate 1, rows filtered Up: ~0.9 ms each;       14,346, 21,365, 12,097 bytes
//	pieces and this encoder:           ~0.2, ~0.2, ~0.12 ms; 13,154, 19,327, 11,468 bytes
func PNG(d engine.Diagram) ([]byte, error) { return drawPNG(d, DefaultCell(d.Cols)) }

// drawPNG is PNG with squares of cell pixels: the mails' pictures take
// DefaultCell, and the tests draw a small board at a size of their own.
func drawPNG(d engine.Diagram, cell int) ([]byte, error) {
	l, err := layoutOf(d, cell)
	if err != nil {
		return nil, err
	}
	drawing.Lock()
	defer drawing.Unlock()
	defer func() {
		if r := recover(); r != nil {
			drawing.p.kit = nil // half made, perhaps: not drawn from again
			panic(r)
		}
	}()
	return drawing.p.draw(l, d), nil
}

// draw is d drawn as l lays it out. A kit past kitBytes is left for a new
// one, and so is a kit that ran out of colours for this picture: the same
// diagram must give the same bytes, which only a new kit makes sure of.
func (p *painter) draw(l *layout, d engine.Diagram) []byte {
	for {
		k := p.kit
		if k == nil || k.size() > kitBytes {
			k = newKit()
			p.kit = k
		}
		fresh := !k.used
		k.used = true
		data := p.assemble(k, l, d)
		if k.colours.full && !fresh {
			p.kit = nil
			continue
		}
		return data
	}
}

// assemble is d drawn from k's pieces as l lays it out, and encoded.
func (p *painter) assemble(k *kit, l *layout, d engine.Diagram) []byte {
	b := k.board(l, d)
	n := len(b.widths)
	board := p.ids[:0]
	squares := make([]*squareImage, d.Cols)
	for y, row := range b.rows {
		if len(row) == n {
			board = append(board, row...)
			continue
		}
		r, j := l.bandRow(y)
		if j == 0 {
			for c := range squares {
				if cell := d.At(r, c); c == 0 || cell != d.At(r, c-1) {
					squares[c] = k.square(l, cell)
				} else {
					squares[c] = squares[c-1] // a run of empty squares, most often
				}
			}
		}
		board = append(board, row[0])
		for _, s := range squares[:len(squares)-1] {
			board = append(board, s.inner[j])
		}
		board = append(board, k.lastColumn(squares[len(squares)-1])[j])
		board = append(board, row[1])
	}
	p.ids = board
	f := &frame{sections: []section{{b.widths, board}}, k: k}
	if l.h > l.boardH {
		f.sections = append(f.sections, section{[]int{l.w + 1}, k.legend(l, d)})
	}
	p.enc.reset(k.rows.count())
	p.out = writePNG(p.out[:0], l.w, l.h, &p.enc, f, k.colours.colours)
	return slices.Clone(p.out)
}

// layout is where everything of one picture goes, and in which faces.
type layout struct {
	cell, margin, w, h int
	boardH             int             // the height without the legend
	board              image.Rectangle // the squares, grid lines included
	legend             []string        // the legend's lines
	legendTop, lineGap int
	token, printed     font.Face // a token's digit, a square's printed one
	level              font.Face // a cube's level, above its pips
	corner, label      font.Face // a square's K, the coordinates
	caption            font.Face // the legend
}

// legendSize and legendGap are the legend's font size and line spacing in
// pixels: at a phone's width they read like a mail's small print.
const (
	legendSize = 17
	legendGap  = 22
)

// layouts are the layouts made last, by board and legend: wrapping a
// legend measures every word, which costs more than assembling a picture.
var layouts = struct {
	sync.Mutex
	m map[legendKey]*layout
}{m: map[legendKey]*layout{}}

// keptLayouts bounds layouts: a game's boards in each language and with
// each of its legends, for a few games, are some dozens.
const keptLayouts = 256

// layoutOf is newLayout, kept for the next picture of the same board
// and legend.
func layoutOf(d engine.Diagram, cell int) (*layout, error) {
	if err := check(d); err != nil {
		return nil, err
	}
	key := legendKey{keyOf(d, cell), d.Legend}
	layouts.Lock()
	l, ok := layouts.m[key]
	layouts.Unlock()
	if ok {
		return l, nil
	}
	l, err := newLayout(d, cell)
	if err != nil {
		return nil, err
	}
	layouts.Lock()
	defer layouts.Unlock()
	if len(layouts.m) >= keptLayouts {
		clear(layouts.m)
	}
	layouts.m[key] = l
	return l, nil
}

// newLayout checks d and places the board, in squares of cell pixels, its
// labels and legend.
func newLayout(d engine.Diagram, cell int) (*layout, error) {
	if err := check(d); err != nil {
		return nil, err
	}
	l := &layout{cell: cell}
	labels := labelSize(cell)
	l.margin = labels + 10
	l.board = image.Rect(l.margin, l.margin, l.margin+d.Cols*l.cell+1, l.margin+d.Rows*l.cell+1)
	l.w = l.board.Max.X + l.margin
	l.h = l.board.Max.Y + l.margin
	l.boardH = l.h
	fs, err := fonts()
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		dst  *font.Face
		font fontKind
		size float64
	}{
		{&l.token, bold, float64(l.cell) * 0.68},
		{&l.printed, regular, float64(l.cell) * 0.42},
		{&l.level, bold, float64(l.cell) * 0.4},
		{&l.corner, bold, float64(l.cell) * 0.3},
		{&l.label, regular, float64(labels)},
		{&l.caption, regular, legendSize},
	} {
		if *f.dst, err = sharedFace(fs.pick(f.font), f.size); err != nil {
			return nil, err
		}
	}
	if d.Legend != "" {
		l.legend = wrap(l.caption, d.Legend, l.w-l.margin-8)
		l.lineGap = legendGap
		l.legendTop = l.h + 2
		l.h += len(l.legend)*legendGap + 10
	}
	return l, nil
}

// wrap breaks text into lines no wider than width pixels in f.
func wrap(f font.Face, text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if line != "" && font.MeasureString(f, try).Ceil() > width {
			lines = append(lines, line)
			try = w
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// check refuses a diagram whose cells or labels do not match its size.
func check(d engine.Diagram) error {
	switch {
	case d.Cols <= 0 || d.Rows <= 0 || d.Cols > 64 || d.Rows > 64:
		return fmt.Errorf("a board picture needs 1 to 64 columns and rows, not %d×%d", d.Cols, d.Rows)
	case len(d.Cells) != d.Cols*d.Rows:
		return fmt.Errorf("a %d×%d board has %d cells, not %d", d.Cols, d.Rows, d.Cols*d.Rows, len(d.Cells))
	case len(d.ColLabels) != d.Cols || len(d.RowLabels) != d.Rows:
		return fmt.Errorf("a %d×%d board needs %d column and %d row labels, not %d and %d",
			d.Cols, d.Rows, d.Cols, d.Rows, len(d.ColLabels), len(d.RowLabels))
	}
	return nil
}

// labelSize is the coordinates' font size in pixels for squares of cell
// pixels: half a square, within 16 to 20.
func labelSize(cell int) int { return min(max(cell/2, 16), 20) }

// square is the inside of the square in row r and column c, grid lines
// left out.
func (l *layout) square(r, c int) image.Rectangle {
	x, y := l.board.Min.X+c*l.cell, l.board.Min.Y+r*l.cell
	return image.Rect(x+1, y+1, x+l.cell, y+l.cell)
}

// widths are where the encoder cuts each row of the picture, its filter
// byte first: the left margin with the board's border; a square with the
// grid line, or the border, after it, for each column; the right margin.
func (l *layout) widths(cols int) []int {
	w := []int{1 + l.board.Min.X + 1}
	for range cols {
		w = append(w, l.cell)
	}
	return append(w, l.w-l.board.Max.X)
}

// band reports whether pixel row y crosses the squares, between grid
// lines.
func (l *layout) band(y int) bool {
	_, j := l.bandRow(y)
	return j >= 0
}

// bandRow is the row of squares pixel row y crosses and the row of pixels
// it is in their images, or -1, -1 when it crosses none.
func (l *layout) bandRow(y int) (r, j int) {
	y -= l.board.Min.Y
	if y <= 0 || y >= l.board.Dy()-1 || y%l.cell == 0 {
		return -1, -1
	}
	return y / l.cell, y%l.cell - 1
}

// drawBoard paints the empty board: its grid, border and coordinates.
func (l *layout) drawBoard(c *canvas, d engine.Diagram) {
	c.fill(l.board, gridLine)
	c.frame(l.board.Inset(-1), 2, border)
	capHeight := l.label.Metrics().CapHeight.Round()
	for col, text := range d.ColLabels {
		x := l.board.Min.X + col*l.cell + l.cell/2
		c.textCentred(l.label, text, x, (l.margin-2)/2+capHeight/2, ink)
		c.textCentred(l.label, text, x, l.board.Max.Y+(l.margin+2)/2+capHeight/2, ink)
	}
	for row, text := range d.RowLabels {
		y := l.board.Min.Y + row*l.cell + l.cell/2 + capHeight/2
		c.textCentred(l.label, text, (l.margin-2)/2, y, ink)
		c.textCentred(l.label, text, l.board.Max.X+(l.margin+2)/2, y, ink)
	}
}

// drawLegend paints the legend on c, which begins at pixel row top of
// the picture.
func (l *layout) drawLegend(c *canvas, top int) {
	for i, line := range l.legend {
		c.text(l.caption, line, fixed.P(l.margin/2+4, l.legendTop-top+i*l.lineGap+legendSize-4), ink)
	}
}
