package picture

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// kinds is a diagram with a square of every kind and mark, for the tests
// and for a reader of testdata/kinds.png.
func kinds() engine.Diagram {
	none := engine.Cell{Owner: -1}
	with := func(c engine.Cell, edit func(*engine.Cell)) engine.Cell { edit(&c); return c }
	return engine.Diagram{
		Cols: 4, Rows: 3,
		ColLabels: []string{"A", "B", "C", "D"}, RowLabels: []string{"1", "2", "3"},
		Cells: []engine.Cell{
			none,
			with(none, func(c *engine.Cell) { c.Text, c.Mark = "7", engine.Placed }),
			with(none, func(c *engine.Cell) { c.Kind, c.Printed = engine.Bonus, "2" }),
			with(none, func(c *engine.Cell) { c.Kind, c.Printed = engine.Malus, "9" }),

			with(none, func(c *engine.Cell) { c.Kind = engine.Centre }),
			with(none, func(c *engine.Cell) { c.Kind = engine.Wall }),
			{Owner: 0, Level: 2, Text: "2"},
			{Owner: 1, Level: 3, Text: "3", Mark: engine.Placed},

			with(none, func(c *engine.Cell) { c.Mark = engine.Vacated }),
			with(none, func(c *engine.Cell) { c.Mark = engine.Captured }),
			with(none, func(c *engine.Cell) { c.Text, c.Printed = "5", "5" }),
			{Owner: 0, Level: 1, Text: "1"},
		},
		Legend: "Every kind of square.",
	}
}

// TestPNGDrawsEachKind reads the picture of kinds back, pixel by pixel: an
// empty square is plain, the last move's squares have the vermillion
// outline and a yellow token, printed squares their tint and their K or
// bar, the centre its star, the wall its hatching, the square a piece left
// a ring and a capture a cross, each owner's cubes their colour, and two
// levels differ. testdata/kinds.png is the picture, checked byte for byte.
func TestPNGDrawsEachKind(t *testing.T) {
	d := kinds()
	data, err := drawPNG(d, 60)
	require.NoError(t, err)
	golden := filepath.Join("testdata", "kinds.png")
	if *update {
		require.NoError(t, os.WriteFile(golden, data, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, data), "%s differs from the picture drawn", golden)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	l, err := newLayout(d, 60)
	require.NoError(t, err)

	// at is the colour at (fx, fy) of the square, as fractions of its side.
	at := func(r, c int, fx, fy float64) color.Color {
		sq := l.square(r, c)
		return img.At(sq.Min.X+int(fx*float64(sq.Dx())), sq.Min.Y+int(fy*float64(sq.Dy())))
	}
	// count is how many pixels of the square are colour i.
	count := func(r, c int, i uint8) int {
		n := 0
		sq := l.square(r, c)
		for y := sq.Min.Y; y < sq.Max.Y; y++ {
			for x := sq.Min.X; x < sq.Max.X; x++ {
				if same(img.At(x, y), palette[i]) {
					n++
				}
			}
		}
		return n
	}
	area := (l.cell - 1) * (l.cell - 1)
	is := func(want uint8, got color.Color, what string) {
		t.Helper()
		assert.True(t, same(palette[want], got), "%s: %v, want %v", what, got, palette[want])
	}

	assert.Equal(t, area, count(0, 0, square), "an empty square is plain")
	is(outline, at(0, 1, 0, 0), "the outline of a token just laid")
	is(fresh, at(0, 1, 0.18, 0.5), "a token just laid")
	is(tile, at(2, 2, 0.18, 0.5), "a token laid before")
	is(bonus, at(0, 2, 0.1, 0.9), "a bonus square")
	assert.Positive(t, count(0, 2, faint), "a bonus square's printed digit")
	is(malus, at(0, 3, 0.1, 0.9), "a malus square")
	is(centre, at(1, 0, 0.1, 0.9), "the centre")
	is(ink, at(1, 0, 0.5, 0.5), "the centre's star")
	assert.Positive(t, count(1, 1, wall), "a wall")
	assert.Positive(t, count(1, 1, wallLine), "a wall's hatching")
	is(white, at(1, 2, 0.2, 0.5), "White's cube")
	is(black, at(1, 3, 0.2, 0.5), "Black's cube")
	is(outline, at(1, 3, 0, 0), "the outline of the cube that moved")
	is(outline, at(2, 0, 0.5, 0.5-0.28), "the ring on the square left")
	is(square, at(2, 0, 0.5, 0.5), "inside the ring")
	is(outline, at(2, 1, 0.5, 0.5), "the cross of a capture")
	assert.Zero(t, count(2, 1, ink), "no digit on a captured square")
	assert.Greater(t, count(1, 2, ink), count(2, 3, ink), "a level 2 cube has more ink than a level 1")
	for r := range d.Rows {
		for c := range d.Cols {
			if m := d.At(r, c).Mark; m != engine.Placed && m != engine.Captured && m != engine.Vacated {
				assert.Zero(t, count(r, c, outline), "no vermillion on %s%s", d.ColLabels[c], d.RowLabels[r])
			}
		}
	}
}

// same reports whether two colours are one.
func same(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// TestPNGRefusesBadInput: a diagram that does not hold together is an
// error saying what is wrong, and Size is then 0, 0.
func TestPNGRefusesBadInput(t *testing.T) {
	good := kinds()
	cases := []struct {
		name string
		edit func(*engine.Diagram)
		want string
	}{
		{"no columns", func(d *engine.Diagram) { d.Cols = 0 }, "1 to 64 columns"},
		{"cells missing", func(d *engine.Diagram) { d.Cells = d.Cells[1:] }, "has 12 cells, not 11"},
		{"a label missing", func(d *engine.Diagram) { d.RowLabels = d.RowLabels[1:] }, "row labels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := good
			d.Cells = append([]engine.Cell(nil), good.Cells...)
			c.edit(&d)
			_, err := PNG(d)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			w, h := Size(d)
			assert.Zero(t, w)
			assert.Zero(t, h)
		})
	}
	_, err := PNG(good)
	assert.NoError(t, err)
}
