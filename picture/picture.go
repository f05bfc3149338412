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
	"bytes"
	"fmt"
	"image"
	"image/png"
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
	l, err := newLayout(d, DefaultCell(d.Cols))
	if err != nil {
		return 0, 0
	}
	return l.w, l.h
}

// drawing serialises PNG, and encoders keeps the buffers of its last
// encoding for the next.
var (
	drawing  sync.Mutex
	encoders encoderPool
)

// encoderPool is a png.EncoderBufferPool of one buffer, used under
// drawing.
type encoderPool struct{ b *png.EncoderBuffer }

func (p *encoderPool) Get() *png.EncoderBuffer  { b := p.b; p.b = nil; return b }
func (p *encoderPool) Put(b *png.EncoderBuffer) { p.b = b }

// MaxBytes is the most a picture weighs: a board mailed with every move
// stays light on a phone's connection.
const MaxBytes = 30 << 10

// PNG draws d as a PNG image, paletted. It is compressed fast (it is drawn
// for every move, while the game waits), and again at best in the rare case
// where that leaves it over MaxBytes, its squares DefaultCell pixels wide.
// It refuses a diagram whose cells or labels do not match its size.
func PNG(d engine.Diagram) ([]byte, error) { return drawPNG(d, DefaultCell(d.Cols)) }

// drawPNG is PNG with squares of cell pixels: the mails' pictures take
// DefaultCell, and the tests draw a small board at a size of their own.
func drawPNG(d engine.Diagram, cell int) ([]byte, error) {
	l, err := newLayout(d, cell)
	if err != nil {
		return nil, err
	}
	// One picture at a time in the process, with the encoder's buffers
	// (its compressor above all, about a megabyte) reused: the daemon's
	// memory then does not grow with the mails it handles at once. Drawing
	// is CPU work, so on a small machine little time is lost waiting.
	drawing.Lock()
	defer drawing.Unlock()
	c := newCanvas(l.w, l.h, palette)
	l.draw(c, d)
	var buf bytes.Buffer
	for _, level := range []png.CompressionLevel{png.BestSpeed, png.BestCompression} {
		buf.Reset()
		enc := png.Encoder{CompressionLevel: level, BufferPool: &encoders}
		if err := enc.Encode(&buf, c.img); err != nil {
			return nil, fmt.Errorf("encode the board picture: %w", err)
		}
		if buf.Len() <= MaxBytes {
			break
		}
	}
	return buf.Bytes(), nil
}

// layout is where everything of one picture goes, and in which faces.
type layout struct {
	cell, margin, w, h int
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

// draw paints the whole picture: labels, grid, squares, legend.
func (l *layout) draw(c *canvas, d engine.Diagram) {
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
	for r := range d.Rows {
		for col := range d.Cols {
			l.drawCell(c, l.square(r, col), d.At(r, col))
		}
	}
	for i, line := range l.legend {
		c.text(l.caption, line, fixed.P(l.margin/2+4, l.legendTop+i*l.lineGap+legendSize-4), ink)
	}
}
