package picture

import (
	"image/color"
	"unsafe"
)

// colourTable numbers the colours of the pieces a kit keeps, each RGB
// once, the paper first: a piece's pixels are these numbers, the same in
// every piece, so that two pieces' rows compare as bytes. A picture's own
// palette is made from them in the order it meets them (encoder.toIndex).
type colourTable struct {
	colours []color.RGBA
	index   map[color.RGBA]uint8
	full    bool // a colour found no room: the nearest was taken
}

func newColourTable() colourTable {
	t := colourTable{index: map[color.RGBA]uint8{}}
	t.id(palette[paper].(color.RGBA)) // 0, which is also the filter byte
	return t
}

// id is c's number, given on first use; past 256 colours, the nearest's.
func (t *colourTable) id(c color.RGBA) uint8 {
	if i, ok := t.index[c]; ok {
		return i
	}
	if len(t.colours) == 256 {
		t.full = true
		return uint8(color.Palette(t.palette()).Index(c))
	}
	i := uint8(len(t.colours))
	t.colours = append(t.colours, c)
	t.index[c] = i
	return i
}

// count is how many colours the table holds.
func (t *colourTable) count() int { return len(t.colours) }

// palette is the table as a color.Palette.
func (t *colourTable) palette() []color.Color {
	p := make([]color.Color, len(t.colours))
	for i, c := range t.colours {
		p[i] = c
	}
	return p
}

// rowTable interns rows of pixels, colourTable numbers: the same pixels
// get the same id, which is all the encoder compares. Rows are copied into
// pages that are never written again, so a row's bytes are its map key.
// What the encoder reads of every row it meets is kept in arrays by id,
// apart from the rest, so that a picture's rows are read from a few
// cache lines.
type rowTable struct {
	pixels   [][]byte
	first    []uint8        // each row's first pixel
	last     []uint8        // each row's last pixel
	weightAt []uint32       // where each row's weights begin, and the next's
	weights  []colourWeight // every row's, one after the other
	alone    []writtenAlone // each row's first way of being written alone
	more     map[aloneKey]*writtenAlone
	byRow    map[string]uint32
	page     []byte
	bytes    int // the memory the table holds, roughly
}

// writtenAlone is a row's tokens when it is written as met for the first
// time (chunkTokens), after the row above, in rows of rowLen bytes, the
// byte before it being its first (afterRun) or not: their literals are
// colour numbers; after them, up to the slice's capacity (as many as
// colours says), are those literals' colours in the order met.
type writtenAlone struct {
	above    int32 // -1 for none; -2 in rowTable.alone for a row never written alone
	rowLen   int32
	afterRun bool
	colours  uint8
	tokens   []token
}

// aloneKey names a row written alone after another row, in rows of a
// length, after a byte like its first or not: the rows that are written
// alone in more than one way keep the others in rowTable.more.
type aloneKey struct {
	id, above, rowLen int32
	afterRun          bool
}

// colourWeight is what a colour adds to a row's Adler-32 sums (RFC 1950):
// to the first its index times count, the pixels of that colour; to the
// second its index times weight, the sum over those pixels of the row's
// length less the pixel's place.
type colourWeight struct {
	weight uint32
	count  uint16
	colour uint8
}

// rowPage is the size of the pages rows are copied into.
const rowPage = 64 << 10

func newRowTable() rowTable {
	return rowTable{byRow: map[string]uint32{}, weightAt: []uint32{0}, more: map[aloneKey]*writtenAlone{}}
}

// intern is the id of the row b, added when new (b is copied).
func (t *rowTable) intern(b []byte) uint32 {
	if id, ok := t.byRow[string(b)]; ok {
		return id
	}
	if len(t.page)+len(b) > cap(t.page) {
		t.page = make([]byte, 0, max(rowPage, len(b)))
		t.bytes += cap(t.page)
	}
	start := len(t.page)
	t.page = append(t.page, b...)
	row := t.page[start:len(t.page):len(t.page)]
	var at [256]int16 // a colour's place in the row's weights, +1
	first := len(t.weights)
	for j, c := range row {
		if at[c] == 0 {
			t.weights = append(t.weights, colourWeight{colour: c})
			at[c] = int16(len(t.weights) - first)
		}
		w := &t.weights[first+int(at[c])-1]
		w.count++
		w.weight += uint32(len(row) - j)
	}
	id := uint32(len(t.pixels))
	t.pixels = append(t.pixels, row)
	t.first = append(t.first, row[0])
	t.last = append(t.last, row[len(row)-1])
	t.weightAt = append(t.weightAt, uint32(len(t.weights)))
	t.alone = append(t.alone, writtenAlone{above: -2})
	t.byRow[unsafe.String(unsafe.SliceData(row), len(row))] = id
	t.bytes += 96 + 8*(len(t.weights)-first) // the row's entries, its map entry, its weights, the encoder's scratch
	return id
}

// row is the pixels of id.
func (t *rowTable) row(id uint32) []byte { return t.pixels[id] }

// weightsOf is what id's colours add to its Adler-32 sums.
func (t *rowTable) weightsOf(id uint32) []colourWeight {
	return t.weights[t.weightAt[id]:t.weightAt[id+1]]
}

// count is how many rows there are, one more than the highest id.
func (t *rowTable) count() int { return len(t.pixels) }
