package picture

import (
	"image"

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
	dr := font.Drawer{Dst: &c.mask, Src: image.Opaque, Face: f, Dot: dot}
	dr.DrawString(s)
	c.paintMask(ci)
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
