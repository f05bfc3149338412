package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// TestPNGGolden draws each fixture and compares it byte for byte with
// testdata/NAME.png; -update rewrites them (look at them before
// committing).
func TestPNGGolden(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			got, err := PNG(f.diagram())
			require.NoError(t, err)
			golden := filepath.Join("testdata", f.name+".png")
			if *update {
				require.NoError(t, os.WriteFile(golden, got, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(want, got), "%s differs from the picture drawn", golden)
			img, err := png.Decode(bytes.NewReader(got))
			require.NoError(t, err)
			w, h := Size(f.diagram())
			t.Logf("%s: %d×%d px, %d bytes", f.name, w, h, len(got))
			assert.Equal(t, image.Rect(0, 0, w, h), img.Bounds())
		})
	}
}

// TestPNGSize: the picture is the size Size states, at least MinWidth
// wide: the board's squares at DefaultCell, the coordinates' margins, and
// the legend's lines under them. The boards alone (a diagram without its
// legend) are stated here; squares drawn smaller make a narrower picture.
func TestPNGSize(t *testing.T) {
	want := map[string][2]int{"amplitude": {533, 533}, "chiffres": {547, 547}, "ludicitude": {551, 551}}
	cells := map[string]int{"amplitude": 32, "chiffres": 54, "ludicitude": 70}
	for _, f := range fixtures(t) {
		d := f.diagram()
		game := f.game.ID()
		assert.Equal(t, cells[game], DefaultCell(d.Cols), f.name)
		assert.GreaterOrEqual(t, d.Cols*DefaultCell(d.Cols), MinWidth, f.name)
		bare := d
		bare.Legend = ""
		for _, c := range []struct {
			name string
			d    engine.Diagram
			cell int
		}{{"with its legend", d, cells[game]}, {"without", bare, cells[game]}, {"in smaller squares", d, 24}} {
			data, err := drawPNG(c.d, c.cell)
			require.NoError(t, err)
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			l, err := newLayout(c.d, c.cell)
			require.NoError(t, err)
			w, h := l.w, l.h
			assert.Equal(t, image.Rect(0, 0, w, h), img.Bounds(), "%s %s", f.name, c.name)
			if c.cell == cells[game] {
				sw, sh := Size(c.d)
				assert.Equal(t, [2]int{w, h}, [2]int{sw, sh}, "%s %s: the size Size states", f.name, c.name)
			}
			switch {
			case c.cell != cells[game]:
				assert.Less(t, w, want[game][0], f.name)
			case c.d.Legend == "":
				assert.Equal(t, want[game], [2]int{w, h}, f.name)
			default:
				assert.Equal(t, want[game][0], w, f.name)
				assert.Greater(t, h, want[game][1], "%s: the legend under the board", f.name)
			}
		}
	}
}

// TestPNGUnder30KB: every picture, the fullest boards included, is under
// 30 KB, small enough to go with every turn mail.
func TestPNGUnder30KB(t *testing.T) {
	for _, f := range fixtures(t) {
		data, err := PNG(f.diagram())
		require.NoError(t, err)
		assert.Less(t, len(data), MaxBytes+1, f.name)
	}
}

// TestPNGChangesWithTheMove: the pictures before and after a move differ,
// and only on the squares whose diagram cells differ: the squares the move
// filled, left or captured, and the marks of the move before it, gone.
func TestPNGChangesWithTheMove(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			// Without their legends, which may differ in length.
			old := f.before.(engine.Diagrammer).Diagram(engine.View{Seat: 0})
			now := f.diagram()
			old.Legend, now.Legend = "", ""
			imgs := [2]image.Image{}
			for i, d := range []engine.Diagram{old, now} {
				data, err := PNG(d)
				require.NoError(t, err)
				imgs[i], err = png.Decode(bytes.NewReader(data))
				require.NoError(t, err)
			}
			require.Equal(t, imgs[0].Bounds(), imgs[1].Bounds())
			l, err := newLayout(now, DefaultCell(now.Cols))
			require.NoError(t, err)
			var changed []image.Rectangle
			for r := range now.Rows {
				for c := range now.Cols {
					if old.At(r, c) != now.At(r, c) {
						changed = append(changed, l.square(r, c))
					}
				}
			}
			require.NotEmpty(t, changed, "the move changed the board")
			differ, outside := 0, 0
			b := imgs[0].Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if imgs[0].At(x, y) == imgs[1].At(x, y) {
						continue
					}
					differ++
					in := false
					for _, r := range changed {
						in = in || image.Pt(x, y).In(r)
					}
					if !in {
						outside++
					}
				}
			}
			assert.Positive(t, differ, "the pictures differ")
			assert.Zero(t, outside, "pixels changed outside the squares that changed")
			t.Logf("%d squares changed, %d pixels", len(changed), differ)
		})
	}
}

// TestPNGIsDeterministic: one diagram gives the same bytes every time,
// drawn one after another or at once from several goroutines.
func TestPNGIsDeterministic(t *testing.T) {
	for _, f := range fixtures(t) {
		d := f.diagram()
		first, err := PNG(d)
		require.NoError(t, err)
		results := make(chan []byte, 4)
		for range 4 {
			go func() {
				data, err := PNG(d)
				assert.NoError(t, err)
				results <- data
			}()
		}
		for range 4 {
			assert.True(t, bytes.Equal(first, <-results), f.name)
		}
	}
}

// drawnWhole is d drawn as the pieces are, but all on one canvas: the
// empty board, each square in its place, the legend.
func drawnWhole(t *testing.T, d engine.Diagram, cell int) *image.Paletted {
	l, err := newLayout(d, cell)
	require.NoError(t, err)
	c := newCanvas(l.w, l.h, palette)
	l.drawBoard(c, d)
	for r := range d.Rows {
		for col := range d.Cols {
			l.drawCell(c, l.square(r, col), d.At(r, col))
		}
	}
	l.drawLegend(c, 0)
	return c.img
}

// TestPNGAssembledAsDrawn: a picture put together from its pieces and
// compressed by this package shows, pixel for pixel, what drawing the
// whole board on one canvas shows; so does a picture drawn after other
// boards of other sizes, whose pieces the kit holds.
func TestPNGAssembledAsDrawn(t *testing.T) {
	type drawn struct {
		name string
		d    engine.Diagram
		cell int
	}
	all := []drawn{{"kinds", kinds(), 60}}
	for _, f := range fixtures(t) {
		all = append(all, drawn{f.name, f.diagram(), DefaultCell(f.diagram().Cols)})
	}
	for _, c := range all {
		t.Run(c.name, func(t *testing.T) {
			data, err := drawPNG(c.d, c.cell)
			require.NoError(t, err)
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			want := drawnWhole(t, c.d, c.cell)
			require.Equal(t, want.Bounds(), img.Bounds())
			wrong := 0
			for y := range want.Bounds().Dy() {
				for x := range want.Bounds().Dx() {
					if !same(want.At(x, y), img.At(x, y)) {
						wrong++
					}
				}
			}
			assert.Zero(t, wrong, "pixels unlike the board drawn whole")
		})
	}
}

// TestPNGWhateverTheKit: a picture's bytes do not depend on the pieces
// drawn before it: drawn by a new kit, by one that holds other boards'
// pieces, by one that ran out of colours (it is drawn again by a new one),
// and by one past its bound (left for a new one).
func TestPNGWhateverTheKit(t *testing.T) {
	fs := fixtures(t)
	d := fs[len(fs)-1].diagram()
	draw := func(k *kit) []byte {
		drawing.Lock()
		defer drawing.Unlock()
		drawing.p.kit = k
		l, err := layoutOf(d, DefaultCell(d.Cols))
		require.NoError(t, err)
		return drawing.p.draw(l, d)
	}
	want := draw(nil)

	others := newKit()
	drawing.Lock()
	drawing.p.kit = others
	drawing.Unlock()
	for _, f := range fs[:len(fs)-1] {
		_, err := PNG(f.diagram())
		require.NoError(t, err)
	}
	assert.Equal(t, want, draw(others), "after other boards")

	full := newKit()
	full.used = true
	for full.colours.count() < 256 {
		full.colours.id(color.RGBA{uint8(full.colours.count()), 1, 2, 255})
	}
	assert.Equal(t, want, draw(full), "a kit out of colours")
	assert.NotSame(t, full, drawing.p.kit, "left for a new kit")

	big := newKit()
	big.used = true
	big.bytes = kitBytes + 1
	assert.Equal(t, want, draw(big), "a kit past its bound")
	assert.NotSame(t, big, drawing.p.kit, "left for a new kit")
	assert.LessOrEqual(t, drawing.p.kit.size(), kitBytes)
}

// TestPNGWhateverCameBefore: the boards of games of each type, drawn in
// shuffled orders into one kit, are each the bytes a kit of its own draws
// (a copy of a mail sent again after a restart must be the same mail).
func TestPNGWhateverCameBefore(t *testing.T) {
	var boards []engine.Diagram
	for seed := uint64(1); seed <= 3; seed++ {
		boards = append(boards, played(t, amplitude.Game{}, nil, seed, 2, 12)...)
		boards = append(boards, played(t, chiffres.Game{}, nil, seed, 3, 12)...)
		boards = append(boards, played(t, ludicitude.Game{}, engine.Options{"bot_nodes": "1000"}, seed, 2, 12)...)
	}
	useKit := func(k *kit) {
		drawing.Lock()
		drawing.p.kit = k
		drawing.Unlock()
	}
	want := make([][]byte, len(boards))
	for i, d := range boards {
		useKit(newKit())
		var err error
		want[i], err = PNG(d)
		require.NoError(t, err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for order := range 8 {
		useKit(newKit())
		for _, i := range rng.Perm(len(boards)) {
			got, err := PNG(boards[i])
			require.NoError(t, err)
			require.True(t, bytes.Equal(want[i], got), "order %d: board %d drawn after others differs from the board drawn alone", order, i)
		}
	}
}
