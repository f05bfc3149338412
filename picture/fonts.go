package picture

import (
	"fmt"
	"image"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fonts are the Go fonts, which ship with golang.org/x/image: nothing to
// install on a server, and the same glyphs, hence the same bytes, on every
// machine. Bold draws the tokens, regular the rest.
var fonts = sync.OnceValues(func() (*fontSet, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse Go Regular: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse Go Bold: %w", err)
	}
	return &fontSet{regular: regular, bold: bold}, nil
})

// fontSet is the parsed fonts, shared: a parsed font is safe for
// concurrent use, its faces are not, so each picture makes its own.
type fontSet struct{ regular, bold *opentype.Font }

// fontKind names one of the fonts of a fontSet.
type fontKind int

const (
	regular fontKind = iota
	bold
)

// pick is the font of kind k.
func (fs *fontSet) pick(k fontKind) *opentype.Font {
	if k == bold {
		return fs.bold
	}
	return fs.regular
}

// face is f at size pixels, hinted so that digits are crisp.
func face(f *opentype.Font, size float64) (font.Face, error) {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("make a %.0f px face: %w", size, err)
	}
	return fc, nil
}

// faces are the faces made so far, by font and size, each shared by every
// picture of that size: a face keeps the glyphs it rasterised, so a board's
// digits are drawn once per process, not once per square.
var faces = struct {
	sync.Mutex
	m map[faceKey]*cachedFace
}{m: map[faceKey]*cachedFace{}}

type faceKey struct {
	font *opentype.Font
	size float64
}

// sharedFace is the face of f at size pixels, made on first use.
func sharedFace(f *opentype.Font, size float64) (font.Face, error) {
	faces.Lock()
	defer faces.Unlock()
	k := faceKey{f, size}
	if c, ok := faces.m[k]; ok {
		return c, nil
	}
	fc, err := face(f, size)
	if err != nil {
		return nil, err
	}
	c := &cachedFace{face: fc, glyphs: map[glyphKey]glyph{}, bounds: map[rune]glyphBounds{}}
	faces.m[k] = c
	return c, nil
}

// cachedFace is a font.Face that keeps each glyph it rasterised, by rune
// and the dot's sub-pixel offset, keptGlyphs at most; it is safe for
// concurrent use, which an opentype face is not.
type cachedFace struct {
	mu     sync.Mutex
	face   font.Face
	glyphs map[glyphKey]glyph
	bounds map[rune]glyphBounds
}

// glyphBounds is what GlyphBounds says of a rune.
type glyphBounds struct {
	b   fixed.Rectangle26_6
	adv fixed.Int26_6
	ok  bool
}

// keptGlyphs bounds a face's glyphs: a legend's letters at each of the
// offsets a line puts them at are some hundreds; past it the face starts
// afresh.
const keptGlyphs = 2048

type glyphKey struct {
	r      rune
	dx, dy fixed.Int26_6 // the dot's fraction of a pixel
}

// glyph is one rasterised glyph, its mask copied out of the face's buffer
// (which the next call reuses) and placed at the origin.
type glyph struct {
	dr      image.Rectangle // relative to the dot's whole pixel
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

func (c *cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	whole := fixed.Point26_6{X: fixed.I(dot.X.Floor()), Y: fixed.I(dot.Y.Floor())}
	k := glyphKey{r, dot.X - whole.X, dot.Y - whole.Y}
	g, ok := c.glyphs[k]
	if !ok {
		if len(c.glyphs) >= keptGlyphs {
			clear(c.glyphs)
		}
		dr, mask, maskp, adv, found := c.face.Glyph(fixed.Point26_6{X: k.dx, Y: k.dy}, r)
		g = glyph{dr: dr, advance: adv, ok: found}
		if found && !dr.Empty() {
			g.mask = image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
			draw.Draw(g.mask, g.mask.Bounds(), mask, maskp, draw.Src)
		}
		c.glyphs[k] = g
	}
	off := image.Point{X: whole.X.Floor(), Y: whole.Y.Floor()}
	if g.mask == nil {
		return g.dr.Add(off), image.Transparent, image.Point{}, g.advance, g.ok
	}
	return g.dr.Add(off), g.mask, image.Point{}, g.advance, g.ok
}

func (c *cachedFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	g := c.boundsOf(r)
	return g.b, g.adv, g.ok
}

func (c *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	g := c.boundsOf(r)
	return g.adv, g.ok
}

// boundsOf is r's bounds and advance, asked of the face once.
func (c *cachedFace) boundsOf(r rune) glyphBounds {
	c.mu.Lock()
	defer c.mu.Unlock()
	g, ok := c.bounds[r]
	if !ok {
		g.b, g.adv, g.ok = c.face.GlyphBounds(r)
		c.bounds[r] = g
	}
	return g
}

func (c *cachedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.face.Kern(r0, r1)
}

func (c *cachedFace) Metrics() font.Metrics {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.face.Metrics()
}

// Close keeps the face: it is shared for the life of the process.
func (c *cachedFace) Close() error { return nil }
