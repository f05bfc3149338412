package picture

import (
	"image"
	"image/color"
	"strings"

	"pbem/engine"
)

// kit keeps the pieces pictures are made of, each drawn once: the empty
// board with its coordinates per size and labels (a game and its
// language), the legend per text, and each square's image per content
// and size. A piece is kept as the ids of its rows (rowTable), cut where
// the encoder cuts a picture's rows, so that a picture is assembled and
// compressed from ids. It is bounded: past kitBytes, the next picture
// starts a new kit. It is used under drawing.
type kit struct {
	colours colourTable
	rows    rowTable
	boards  map[boardKey]*board
	legends map[legendKey][]uint32
	squares map[squareKey]*squareImage
	tokens  []token // the page writtenAlone's tokens go in
	bytes   int     // held besides rows, roughly
	used    bool
}

// kitBytes bounds a kit's memory. The pieces of every game's boards, as
// some games of each between computer players draw them, take 1.2 MB
// (Amplitude 340 KB, Chiffres 620, Ludicitude 190), so that those of both
// languages fit.
const kitBytes = 2 << 20

func newKit() *kit {
	return &kit{
		colours: newColourTable(),
		rows:    newRowTable(),
		boards:  map[boardKey]*board{},
		legends: map[legendKey][]uint32{},
		squares: map[squareKey]*squareImage{},
	}
}

// size is the memory k holds, roughly.
func (k *kit) size() int { return k.rows.bytes + k.bytes }

// boardKey names an empty board: its size in squares and pixels, and its
// labels.
type boardKey struct {
	cols, rows, cell int
	labels           string
}

func keyOf(d engine.Diagram, cell int) boardKey {
	return boardKey{d.Cols, d.Rows, cell, strings.Join(d.ColLabels, "\x1f") + "\x1e" + strings.Join(d.RowLabels, "\x1f")}
}

// board is an empty board as pieces: the widths rows are cut at (a
// margin with its border and the filter byte before it, a square with the
// grid line after it, each, then the other margin), and each pixel row's
// chunks; a row across squares has its margins alone.
type board struct {
	widths []int
	rows   [][]uint32
}

// legendKey names a legend drawn under a board.
type legendKey struct {
	board boardKey
	text  string
}

// squareKey names a square's image: what is on it, at a size.
type squareKey struct {
	cell engine.Cell
	size int
}

// squareImage is a square's image as the ids of its rows, each row with
// the pixel after it: the grid line's (inner) or, for the last column, the
// border's (last, made when first needed).
type squareImage struct{ inner, last []uint32 }

// board is the empty board of l, drawn on first use.
func (k *kit) board(l *layout, d engine.Diagram) *board {
	key := keyOf(d, l.cell)
	if b, ok := k.boards[key]; ok {
		return b
	}
	c := newCanvas(l.w, l.boardH, palette)
	l.drawBoard(c, d)
	b := &board{widths: l.widths(d.Cols)}
	ids := k.ids(c)
	row := make([]byte, l.w+1)
	for y := range l.boardH {
		copy(row[1:], ids[y*l.w:(y+1)*l.w])
		chunks := k.cut(row, b.widths)
		if l.band(y) {
			chunks = []uint32{chunks[0], chunks[len(chunks)-1]}
		}
		b.rows = append(b.rows, chunks)
		k.bytes += 4*len(chunks) + 24
	}
	k.boards[key] = b
	return b
}

// legend is the rows of l's legend drawn under the board of d, a chunk
// each, with its filter byte.
func (k *kit) legend(l *layout, d engine.Diagram) []uint32 {
	key := legendKey{keyOf(d, l.cell), d.Legend}
	if rows, ok := k.legends[key]; ok {
		return rows
	}
	h := l.h - l.boardH
	c := newCanvas(l.w, h, palette)
	l.drawLegend(c, l.boardH)
	ids := k.ids(c)
	row := make([]byte, l.w+1)
	rows := make([]uint32, h)
	for y := range h {
		copy(row[1:], ids[y*l.w:(y+1)*l.w])
		rows[y] = k.rows.intern(row)
	}
	k.legends[key] = rows
	k.bytes += 4*h + 64
	return rows
}

// square is the image of cell in a square of l, drawn on first use.
func (k *kit) square(l *layout, cell engine.Cell) *squareImage {
	key := squareKey{cell, l.cell}
	if s, ok := k.squares[key]; ok {
		return s
	}
	n := l.cell - 1
	c := newCanvas(n, n, palette)
	l.drawCell(c, image.Rect(0, 0, n, n), cell)
	ids := k.ids(c)
	s := &squareImage{inner: make([]uint32, n)}
	row := make([]byte, n+1)
	row[n] = k.colours.id(palette[gridLine].(color.RGBA))
	for y := range n {
		copy(row, ids[y*n:(y+1)*n])
		s.inner[y] = k.rows.intern(row)
	}
	k.squares[key] = s
	k.bytes += 4*n + 200
	return s
}

// lastColumn is s's rows with the border after them, made on first use:
// as the last column of a board shows s.
func (k *kit) lastColumn(s *squareImage) []uint32 {
	if s.last == nil {
		s.last = make([]uint32, len(s.inner))
		row := make([]byte, 0, 128)
		for y, id := range s.inner {
			row = append(row[:0], k.rows.row(id)...)
			row[len(row)-1] = k.colours.id(palette[border].(color.RGBA))
			s.last[y] = k.rows.intern(row)
		}
		k.bytes += 4 * len(s.last)
	}
	return s.last
}

// ids is c's pixels as k's colour numbers.
func (k *kit) ids(c *canvas) []byte {
	var to [256]uint8
	for i, col := range c.img.Palette {
		to[i] = k.colours.id(color.RGBAModel.Convert(col).(color.RGBA))
	}
	out := make([]byte, len(c.img.Pix))
	for i, p := range c.img.Pix {
		out[i] = to[p]
	}
	return out
}

// cut is the ids of row's chunks, cut at widths.
func (k *kit) cut(row []byte, widths []int) []uint32 {
	ids := make([]uint32, len(widths))
	for i, w := range widths {
		ids[i] = k.rows.intern(row[:w])
		row = row[w:]
	}
	return ids
}

// literals is chunkTokens of row id, with the row above it (-1 for
// none) and the byte before it (-1 for none), in rows of rowLen bytes,
// worked out once; its literals' colours follow its tokens.
func (k *kit) literals(id uint32, above, prev, rowLen int) *writtenAlone {
	afterRun := prev == int(k.rows.first[id])
	w := &k.rows.alone[id]
	if w.above != int32(above) || w.rowLen != int32(rowLen) || w.afterRun != afterRun {
		key := aloneKey{int32(id), int32(above), int32(rowLen), afterRun}
		if w.above != -2 {
			if more, ok := k.rows.more[key]; ok {
				return more
			}
			w = &writtenAlone{}
			k.rows.more[key] = w
			k.bytes += 96
		}
		*w = k.writeAlone(id, above, prev, rowLen, afterRun)
	}
	return w
}

// writeAlone works out literals.
func (k *kit) writeAlone(id uint32, above, prev, rowLen int, afterRun bool) writtenAlone {
	var up []byte
	if above >= 0 {
		up = k.rows.row(uint32(above))
	}
	if !afterRun {
		prev = -1
	}
	tokens := chunkTokens(k.rows.row(id), up, prev, rowLen)
	n := len(tokens)
	var met [256]bool
	for _, t := range tokens[:n] {
		if !t.isCopy() && !met[t] {
			met[t] = true
			tokens = append(tokens, t)
		}
	}
	if len(k.tokens)+len(tokens) > cap(k.tokens) {
		k.tokens = make([]token, 0, max(tokenPage, len(tokens)))
		k.bytes += 4 * cap(k.tokens)
	}
	start := len(k.tokens)
	k.tokens = append(k.tokens, tokens...)
	return writtenAlone{
		above: int32(above), rowLen: int32(rowLen), afterRun: afterRun,
		colours: uint8(len(tokens) - n), tokens: k.tokens[start : start+n : start+len(tokens)],
	}
}

// tokenPage is the size of the pages rows' tokens are kept in, next to
// each other, as a picture reads them.
const tokenPage = 16 << 10
