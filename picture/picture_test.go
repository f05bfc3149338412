package picture

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestPNGGolden draws each fixture and compares it byte for byte with
// testdata/NAME.png; -update rewrites them (look at them before
// committing).
func TestPNGGolden(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			got, err := PNG(f.diagram(), Options{})
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
			w, h := Size(f.diagram(), Options{})
			t.Logf("%s: %d×%d px, %d bytes", f.name, w, h, len(got))
			assert.Equal(t, image.Rect(0, 0, w, h), img.Bounds())
		})
	}
}

// TestPNGSize: the picture is the size Size states, at least MinWidth
// wide: the board's squares at DefaultCell, the coordinates' margins, and
// the legend's lines under them. The boards alone are stated here.
func TestPNGSize(t *testing.T) {
	want := map[string][2]int{"amplitude": {533, 533}, "chiffres": {547, 547}, "ludicitude": {551, 551}}
	cells := map[string]int{"amplitude": 32, "chiffres": 54, "ludicitude": 70}
	for _, f := range fixtures(t) {
		d := f.diagram()
		game := f.game.ID()
		assert.Equal(t, cells[game], DefaultCell(d.Cols), f.name)
		assert.GreaterOrEqual(t, d.Cols*DefaultCell(d.Cols), MinWidth, f.name)
		for _, opt := range []Options{{}, {NoLegend: true}, {Cell: 24}} {
			data, err := PNG(d, opt)
			require.NoError(t, err)
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			w, h := Size(d, opt)
			assert.Equal(t, image.Rect(0, 0, w, h), img.Bounds(), "%s %+v", f.name, opt)
			switch {
			case opt.NoLegend:
				assert.Equal(t, want[game], [2]int{w, h}, f.name)
			case opt.Cell == 0:
				assert.Equal(t, want[game][0], w, f.name)
				assert.Greater(t, h, want[game][1], "%s: the legend under the board", f.name)
			default:
				assert.Less(t, w, want[game][0], f.name)
			}
		}
	}
}

// TestPNGUnder30KB: every picture, the fullest boards included, is under
// 30 KB, small enough to go with every turn mail.
func TestPNGUnder30KB(t *testing.T) {
	for _, f := range fixtures(t) {
		data, err := PNG(f.diagram(), Options{})
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
			old := f.before.(engine.Diagrammer).Diagram(engine.View{Seat: 0})
			now := f.diagram()
			imgs := [2]image.Image{}
			for i, d := range []engine.Diagram{old, now} {
				data, err := PNG(d, Options{NoLegend: true})
				require.NoError(t, err)
				imgs[i], err = png.Decode(bytes.NewReader(data))
				require.NoError(t, err)
			}
			require.Equal(t, imgs[0].Bounds(), imgs[1].Bounds())
			l, err := newLayout(now, Options{NoLegend: true})
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
		first, err := PNG(d, Options{})
		require.NoError(t, err)
		results := make(chan []byte, 4)
		for range 4 {
			go func() {
				data, err := PNG(d, Options{})
				assert.NoError(t, err)
				results <- data
			}()
		}
		for range 4 {
			assert.True(t, bytes.Equal(first, <-results), f.name)
		}
	}
}
