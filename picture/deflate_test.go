package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEncoderInflates writes frames of made-up pixels with writePNG and
// reads them back with image/png, pixel by pixel: chunks repeated near and
// beyond the window, rows like the one above, runs, stretches repeated
// within a row, a row too long to copy from the row above, many colours.
func TestEncoderInflates(t *testing.T) {
	cases := []struct {
		name   string
		widths [][]int // each section's chunk widths, its filter byte in the first
		rows   []int
		noise  float64 // how many pixels are drawn at random
	}{
		{"a board and a legend", [][]int{{1 + 31, 54, 54, 54, 54, 31}, {1 + 278}}, []int{300, 40}, 0.05},
		{"far beyond the window", [][]int{{1 + 600, 600}}, []int{200}, 0.01},
		{"noise", [][]int{{1 + 20, 20, 20}}, []int{50}, 0.9},
		{"rows too long for a copy from above", [][]int{{1 + 40000}}, []int{3}, 0.001},
		{"one row, one chunk", [][]int{{1 + 3}}, []int{1}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(c.name))))
			k := newKit()
			for k.colours.count() < 200 {
				k.colours.id(color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255})
			}
			f := &frame{k: k}
			var want [][]byte // the pixels of each row, as colour numbers
			for s, widths := range c.widths {
				// A pool of chunks for each column, from which rows are made,
				// so that they come again.
				pool := make([][][]byte, len(widths))
				for col, w := range widths {
					for range 8 {
						pool[col] = append(pool[col], madeUp(rng, w, c.noise, col == 0))
					}
				}
				sec := section{widths: widths}
				for y := range c.rows[s] {
					var row []byte
					for col := range widths {
						chunk := pool[col][rng.IntN(len(pool[col]))]
						if y > 0 && rng.IntN(3) == 0 { // like the row above
							above := want[len(want)-1]
							if col == 0 {
								chunk = append([]byte{0}, above[:widths[0]-1]...)
							} else {
								chunk = above[len(row)-1:][:widths[col]]
							}
						}
						sec.ids = append(sec.ids, k.rows.intern(chunk))
						row = append(row, chunk...)
					}
					want = append(want, row[1:])
				}
				f.sections = append(f.sections, sec)
			}
			var e encoder
			e.reset(k.rows.count())
			data := writePNG(nil, len(want[0]), len(want), &e, f, k.colours.colours)
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			require.Equal(t, image.Rect(0, 0, len(want[0]), len(want)), img.Bounds())
			wrong := 0
			for y, row := range want {
				for x, g := range row {
					if !same(img.At(x, y), k.colours.colours[g]) {
						wrong++
					}
				}
			}
			assert.Zero(t, wrong, "pixels read back wrong")
		})
	}
}

// madeUp is w pixels of runs of a few colours with noise among them; the
// first chunk of a row begins with its filter byte, 0.
func madeUp(rng *rand.Rand, w int, noise float64, first bool) []byte {
	b := make([]byte, w)
	c := byte(rng.IntN(6))
	for i := range b {
		switch {
		case rng.Float64() < noise:
			b[i] = byte(rng.IntN(200))
		case rng.IntN(12) == 0:
			c = byte(rng.IntN(6))
			b[i] = c
		default:
			b[i] = c
		}
	}
	if first {
		b[0] = 0
	}
	return b
}

// TestHuffmanLengths: a code made for very uneven frequencies is no longer
// than its limit and complete (Kraft's sum is 1), for every alphabet.
func TestHuffmanLengths(t *testing.T) {
	for _, c := range []struct {
		name    string
		symbols int
		limit   uint8
	}{{"literals and lengths", 286, 15}, {"distances", 30, 15}, {"code lengths", 19, 7}} {
		t.Run(c.name, func(t *testing.T) {
			freq := make([]int32, c.symbols)
			a, b := int32(1), int32(1)
			for i := range freq { // Fibonacci: the deepest tree there is
				freq[i] = a
				if a < 1<<28 {
					a, b = b, a+b
				}
			}
			lens := make([]uint8, c.symbols)
			huffmanLengths(freq, c.limit, lens)
			kraft := 0.0
			for _, l := range lens {
				require.NotZero(t, l)
				assert.LessOrEqual(t, l, c.limit)
				kraft += 1 / float64(uint64(1)<<l)
			}
			assert.Equal(t, 1.0, kraft)
		})
	}
}

// TestCopyToken: a copy's distance is written as its code and extra
// bits and read back as it was.
func TestCopyToken(t *testing.T) {
	for _, dist := range []int{1, 2, 4, 5, 7, 8, 9, 12, 13, 100, 548, 1024, 1025, 24577, 32768} {
		tok := copyToken(258, dist)
		assert.Equal(t, dist, tok.distance())
		assert.Equal(t, 258, tok.length())
		assert.True(t, tok.isCopy())
	}
}

// TestChunkTokensWhateverTheNumbers: a chunk's tokens are the same
// whatever numbers the kit gave its colours (which depend on the pictures
// drawn before), their literals renamed alike. Chunks long and repetitive
// enough that many places share a hash, where a search bounded in tries
// would find other copies if the hash read the kit's numbers.
func TestChunkTokensWhateverTheNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for n := range 200 {
		colours := 2 + rng.IntN(12)
		chunk := make([]byte, 64+rng.IntN(600))
		for j := range chunk {
			switch {
			case j >= 8 && rng.IntN(3) == 0: // a stretch met before
				chunk[j] = chunk[j-1-rng.IntN(8)]
			default:
				chunk[j] = byte(rng.IntN(colours))
			}
		}
		above := make([]byte, len(chunk))
		for j := range above {
			above[j] = chunk[rng.IntN(len(chunk))]
		}
		prev := int(chunk[0])
		want := chunkTokens(chunk, above, prev, 700)

		rename := rng.Perm(256)
		renamed := func(b []byte) []byte {
			out := make([]byte, len(b))
			for j, c := range b {
				out[j] = byte(rename[c])
			}
			return out
		}
		got := chunkTokens(renamed(chunk), renamed(above), rename[prev], 700)
		require.Len(t, got, len(want), "chunk %d", n)
		for j, tk := range want {
			if !tk.isCopy() {
				tk = token(rename[tk])
			}
			require.Equal(t, tk, got[j], "chunk %d, token %d", n, j)
		}
	}
}
