package picture

import (
	"image"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// text paints s in face f and colour ci with its baseline starting at dot.
func (c *canvas) text(f font.Face, s string, dot fixed.Point26_6, ci uint8) {
	b, _ := font.BoundString(f, s)
	r := image.Rect(
		(dot.X + b.Min.X).Floor(), (dot.Y + b.Min.Y).Floor(),
		(dot.X + b.Max.X).Ceil(), (dot.Y + b.Max.Y).Ceil())
	if r.Empty() {
		return
	}
	c.resetMask(r)
	prev := rune(-1)
	for _, ch := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, ch)
		}
		dr, mask, mp, adv, ok := f.Glyph(dot, ch)
		if ok {
			c.maskOver(dr, mask, mp)
		}
		dot.X += adv
		prev = ch
	}
	c.paintMask(ci)
}

// maskOver lays a glyph's coverage over the scratch mask, as
// draw.DrawMask with an opaque source does (the same arithmetic, hence the
// same pixels), without its per-pixel interface calls when the glyph is
// an alpha mask, as a cachedFace's are.
func (c *canvas) maskOver(dr image.Rectangle, mask image.Image, mp image.Point) {
	am, ok := mask.(*image.Alpha)
	if !ok {
		draw.DrawMask(&c.mask, dr, image.Opaque, image.Point{}, mask, mp, draw.Over)
		return
	}
	r := dr.Intersect(c.mask.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := c.mask.Pix[c.mask.PixOffset(r.Min.X, y):][:r.Dx()]
		src := am.Pix[am.PixOffset(mp.X+r.Min.X-dr.Min.X, mp.Y+y-dr.Min.Y):][:r.Dx()]
		for x, m8 := range src {
			ma := uint32(m8) * 0x101
			da := uint32(d[x]) * 0x101
			d[x] = uint8((da*(0xffff-ma) + 0xffff*ma) / 0xffff >> 8)
		}
	}
}

// textCentred paints s centred on x by its advance, its baseline on y:
// labels line up whatever their letters.
func (c *canvas) textCentred(f font.Face, s string, x, y int, ci uint8) {
	adv := font.MeasureString(f, s)
	c.text(f, s, fixed.Point26_6{X: fixed.I(x) - adv/2, Y: fixed.I(y)}, ci)
}

// inkCentred paints s with the box of its ink centred on (x, y): a lone
// digit sits in the middle of its square.
func (c *canvas) inkCentred(f font.Face, s string, x, y int, ci uint8) {
	b, _ := font.BoundString(f, s)
	dot := fixed.Point26_6{
		X: fixed.I(x) - (b.Min.X+b.Max.X)/2,
		Y: fixed.I(y) - (b.Min.Y+b.Max.Y)/2,
	}
	dot.X, dot.Y = fixed.I(dot.X.Round()), fixed.I(dot.Y.Round())
	c.text(f, s, dot, ci)
}
