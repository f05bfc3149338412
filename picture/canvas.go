package picture

import (
	"image"
	"image/color"

	"golang.org/x/image/vector"
)

// coverageLevels is how many steps of coverage an edge pixel may take
// between a shape's colour and what lies under it. Three blends a pair of
// colours keep edges smooth while the palette stays small enough for the
// PNG to compress well.
const coverageLevels = 4

// canvas is a paletted image that shapes and text are painted on with
// smooth edges: a partly covered pixel takes a blend of the shape's colour
// and the colour under it, added to the palette the first time it is
// needed. Painting in a fixed order gives the same palette, hence the same
// bytes, every time.
type canvas struct {
	img    *image.Paletted
	blends map[blendKey]uint8
	z      vector.Rasterizer
	mask   image.Alpha
}

// blendKey names a blend: shape colour fg over bg, at level steps of
// coverageLevels.
type blendKey struct{ fg, bg, level uint8 }

// newCanvas is a w×h canvas filled with the palette's first colour.
func newCanvas(w, h int, base color.Palette) *canvas {
	pal := make(color.Palette, len(base), 256)
	copy(pal, base)
	return &canvas{img: image.NewPaletted(image.Rect(0, 0, w, h), pal), blends: map[blendKey]uint8{}}
}

// fill paints r in colour index c: its first row byte by byte, doubling
// the bytes painted at each copy, and every other row copied from it.
func (c *canvas) fill(r image.Rectangle, ci uint8) {
	r = r.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	first := c.img.Pix[c.img.PixOffset(r.Min.X, r.Min.Y):][:r.Dx()]
	first[0] = ci
	for n := 1; n < len(first); n *= 2 {
		copy(first[n:], first[:n])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(c.img.Pix[c.img.PixOffset(r.Min.X, y):][:r.Dx()], first)
	}
}

// frame paints a border of width w inside r.
func (c *canvas) frame(r image.Rectangle, w int, ci uint8) {
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), ci)
	c.fill(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), ci)
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), ci)
	c.fill(image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), ci)
}

// shape paints, in colour ci, the paths path traces in r's coordinates
// (0,0 is r.Min), with smooth edges. Paths traced in opposite directions
// cancel, which makes rings.
func (c *canvas) shape(r image.Rectangle, ci uint8, path func(z *vector.Rasterizer)) {
	c.z.Reset(r.Dx(), r.Dy())
	path(&c.z)
	c.resetMask(r)
	c.z.Draw(&c.mask, c.mask.Rect, image.Opaque, image.Point{})
	c.paintMask(ci)
}

// roundKey names a rounded square's coverage: its size, the inset of its
// edge and its corners' radius. Every token of a board is the same shape.
type roundKey struct {
	w, h       int
	inset, rad float32
}

// rounds keeps each rounded square's coverage once rasterised; it is used
// under drawing, like the rest of a picture's state.
var rounds = map[roundKey][]uint8{}

// roundSquare paints, in colour ci, the rounded square inside r inset by
// inset with corners of radius rad, rasterised once per shape and then
// reused: a board of a hundred tokens rasterises two shapes.
func (c *canvas) roundSquare(r image.Rectangle, inset, rad float32, ci uint8) {
	k := roundKey{r.Dx(), r.Dy(), inset, rad}
	cov, ok := rounds[k]
	if !ok {
		s := float32(r.Dx())
		c.z.Reset(r.Dx(), r.Dy())
		roundRect(&c.z, inset, inset, s-inset, s-inset, rad)
		c.resetMask(r)
		c.z.Draw(&c.mask, c.mask.Rect, image.Opaque, image.Point{})
		cov = append([]uint8(nil), c.mask.Pix...)
		rounds[k] = cov
	}
	c.resetMask(r)
	copy(c.mask.Pix, cov)
	c.paintMask(ci)
}

// resetMask makes the scratch mask r, all transparent.
func (c *canvas) resetMask(r image.Rectangle) {
	n := r.Dx() * r.Dy()
	if cap(c.mask.Pix) < n {
		c.mask.Pix = make([]uint8, n)
	}
	c.mask.Pix = c.mask.Pix[:n]
	clear(c.mask.Pix)
	c.mask.Stride = r.Dx()
	c.mask.Rect = r
}

// paintMask paints colour ci through the scratch mask. Each blend of ci
// over a colour is looked up once a call, not once a pixel.
func (c *canvas) paintMask(ci uint8) {
	r := c.mask.Rect.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	var memo [256][coverageLevels]int16 // a blend's index + 1; 0 while unknown
	for y := r.Min.Y; y < r.Max.Y; y++ {
		m := c.mask.Pix[c.mask.PixOffset(r.Min.X, y):][:r.Dx()]
		p := c.img.Pix[c.img.PixOffset(r.Min.X, y):][:r.Dx()]
		for x, a := range m {
			level := (int(a)*coverageLevels + 127) / 255
			switch {
			case level == 0:
			case level == coverageLevels:
				p[x] = ci
			default:
				bg := p[x]
				if v := memo[bg][level]; v != 0 {
					p[x] = uint8(v - 1)
					continue
				}
				i := c.blend(ci, bg, uint8(level))
				memo[bg][level] = int16(i) + 1
				p[x] = i
			}
		}
	}
}

// blend is the palette index of fg over bg at level steps of coverage,
// added to the palette when new, or the nearest colour once it is full.
func (c *canvas) blend(fg, bg, level uint8) uint8 {
	if fg == bg {
		return fg
	}
	k := blendKey{fg, bg, level}
	if i, ok := c.blends[k]; ok {
		return i
	}
	f := color.RGBAModel.Convert(c.img.Palette[fg]).(color.RGBA)
	b := color.RGBAModel.Convert(c.img.Palette[bg]).(color.RGBA)
	mix := func(x, y uint8) uint8 {
		return uint8((int(x)*int(level) + int(y)*(coverageLevels-int(level)) + coverageLevels/2) / coverageLevels)
	}
	col := color.RGBA{mix(f.R, b.R), mix(f.G, b.G), mix(f.B, b.B), 255}
	var i uint8
	if len(c.img.Palette) < 256 {
		i = uint8(len(c.img.Palette))
		c.img.Palette = append(c.img.Palette, col)
	} else {
		i = uint8(c.img.Palette.Index(col))
	}
	c.blends[k] = i
	return i
}

// circle traces a circle of radius rad around (x, y), clockwise or not,
// as four cubic arcs.
func circle(z *vector.Rasterizer, x, y, rad float32, reverse bool) {
	const k = 0.5523 // the control distance of a quarter circle
	d := rad * k
	if !reverse {
		z.MoveTo(x+rad, y)
		z.CubeTo(x+rad, y+d, x+d, y+rad, x, y+rad)
		z.CubeTo(x-d, y+rad, x-rad, y+d, x-rad, y)
		z.CubeTo(x-rad, y-d, x-d, y-rad, x, y-rad)
		z.CubeTo(x+d, y-rad, x+rad, y-d, x+rad, y)
	} else {
		z.MoveTo(x+rad, y)
		z.CubeTo(x+rad, y-d, x+d, y-rad, x, y-rad)
		z.CubeTo(x-d, y-rad, x-rad, y-d, x-rad, y)
		z.CubeTo(x-rad, y+d, x-d, y+rad, x, y+rad)
		z.CubeTo(x+d, y+rad, x+rad, y+d, x+rad, y)
	}
	z.ClosePath()
}

// roundRect traces a rectangle from (x0, y0) to (x1, y1) with corners of
// radius rad.
func roundRect(z *vector.Rasterizer, x0, y0, x1, y1, rad float32) {
	const k = 0.5523
	d := rad * (1 - k)
	z.MoveTo(x0+rad, y0)
	z.LineTo(x1-rad, y0)
	z.CubeTo(x1-d, y0, x1, y0+d, x1, y0+rad)
	z.LineTo(x1, y1-rad)
	z.CubeTo(x1, y1-d, x1-d, y1, x1-rad, y1)
	z.LineTo(x0+rad, y1)
	z.CubeTo(x0+d, y1, x0, y1-d, x0, y1-rad)
	z.LineTo(x0, y0+rad)
	z.CubeTo(x0, y0+d, x0+d, y0, x0+rad, y0)
	z.ClosePath()
}

// polygon traces the closed polygon through pts, x and y in turn.
func polygon(z *vector.Rasterizer, pts ...float32) {
	z.MoveTo(pts[0], pts[1])
	for i := 2; i+1 < len(pts); i += 2 {
		z.LineTo(pts[i], pts[i+1])
	}
	z.ClosePath()
}
