package picture

import (
	"image"
	"math"

	"golang.org/x/image/vector"

	"pbem/engine"
)

// kindColour is the background of an empty square of each kind.
var kindColour = map[engine.Kind]uint8{
	engine.Plain: square, engine.Centre: centre, engine.Bonus: bonus, engine.Malus: malus, engine.Wall: wall,
}

// drawCell paints one square, r its inside: the kind's tint, what is
// printed on it, the token or cube standing there, then the last move's
// mark over all.
func (l *layout) drawCell(c *canvas, r image.Rectangle, cell engine.Cell) {
	s := float32(r.Dx())
	bg, ok := kindColour[cell.Kind]
	if !ok {
		bg = square
	}
	piece := cell.Level > 0 || cell.Owner >= 0
	if cell.Mark == engine.Placed && piece {
		bg = fresh // around the piece; a token is yellow itself
	}
	c.fill(r, bg)
	switch {
	case cell.Kind == engine.Wall:
		hatch(c, r)
	case piece:
		l.drawCube(c, r, cell)
	case cell.Text != "":
		l.drawToken(c, r, cell)
	default:
		l.drawEmpty(c, r, cell)
	}
	switch cell.Mark {
	case engine.Placed:
		c.frame(r, max(3, r.Dx()/10), outline)
	case engine.Vacated:
		w := max(2.5, s/14)
		c.shape(r, outline, func(z *vector.Rasterizer) {
			circle(z, s/2, s/2, s*0.3, false)
			circle(z, s/2, s/2, s*0.3-w, true)
		})
	case engine.Captured:
		w := max(3, s/10) / 2
		a, b := s*0.25, s*0.75
		c.shape(r, outline, func(z *vector.Rasterizer) {
			polygon(z, a-w, a+w, a+w, a-w, b+w, b-w, b-w, b+w)
			polygon(z, b-w, a-w, b+w, a+w, a+w, b+w, a-w, b-w)
		})
	}
}

// drawEmpty paints what an empty square bears: its printed digit, the
// centre's star, a bonus square's K, a malus square's bar.
func (l *layout) drawEmpty(c *canvas, r image.Rectangle, cell engine.Cell) {
	s := float32(r.Dx())
	cx, cy := r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2
	switch {
	case cell.Printed != "":
		c.inkCentred(l.printed, cell.Printed, cx, cy, faint)
	case cell.Kind == engine.Centre:
		c.shape(r, ink, func(z *vector.Rasterizer) { star(z, s/2, s/2, s*0.3, s*0.13) })
	}
	corner := r.Dx() / 5
	switch cell.Kind {
	case engine.Bonus:
		c.inkCentred(l.corner, "K", r.Max.X-corner, r.Min.Y+corner, ink)
	case engine.Malus:
		h := max(2, r.Dx()/18)
		c.fill(image.Rect(r.Max.X-corner-r.Dx()/9, r.Min.Y+corner-h/2, r.Max.X-corner+r.Dx()/9, r.Min.Y+corner-h/2+h), ink)
	}
}

// drawToken paints a laid token: a tile bearing its digit in bold, yellow
// when the last move laid it.
func (l *layout) drawToken(c *canvas, r image.Rectangle, cell engine.Cell) {
	in := max(2, r.Dx()/14)
	t := r.Inset(in)
	fill := tile
	if cell.Mark == engine.Placed {
		fill = fresh
	}
	s := float32(t.Dx())
	rad := s / 7
	c.roundSquare(t, 0, rad, tileEdge)
	c.roundSquare(t, 1.2, rad-1, fill)
	c.inkCentred(l.token, cell.Text, t.Min.X+t.Dx()/2, t.Min.Y+t.Dy()/2, ink)
}

// drawCube paints a piece: a rounded square in its owner's colour with its
// level in a digit and as many pips beneath, or its text alone when it has
// no level.
func (l *layout) drawCube(c *canvas, r image.Rectangle, cell engine.Cell) {
	colours := pieces[0]
	if cell.Owner >= 0 {
		colours = pieces[cell.Owner%len(pieces)]
	}
	in := max(3, r.Dx()/8)
	t := r.Inset(in)
	s := float32(t.Dx())
	rad := s / 6
	edge := max(1.5, s/28)
	c.roundSquare(t, 0, rad, black)
	c.roundSquare(t, edge, rad-edge, colours[0])
	text := cell.Text
	if text == "" && cell.Level > 0 {
		text = string(rune('0' + cell.Level%10))
	}
	cx := t.Min.X + t.Dx()/2
	if cell.Level <= 0 {
		c.inkCentred(l.token, text, cx, t.Min.Y+t.Dy()/2, colours[1])
		return
	}
	c.inkCentred(l.level, text, cx, t.Min.Y+int(s*0.4), colours[1])
	pip := max(2, s/16)
	gap := pip * 3
	y := s * 0.8
	x0 := s/2 - gap*float32(cell.Level-1)/2
	c.shape(t, colours[1], func(z *vector.Rasterizer) {
		for i := range cell.Level {
			circle(z, x0+gap*float32(i), y, pip, false)
		}
	})
}

// hatch paints a wall's diagonal stripes.
func hatch(c *canvas, r image.Rectangle) {
	s := float32(r.Dx())
	step := max(8, s/5)
	w := step / 3
	c.shape(r, wallLine, func(z *vector.Rasterizer) {
		for x := -s; x < s; x += step {
			polygon(z, x, 0, x+w, 0, x+w+s, s, x+s, s)
		}
	})
}

// star traces a five-pointed star around (x, y), its points at radius
// outer and its inner corners at radius inner.
func star(z *vector.Rasterizer, x, y, outer, inner float32) {
	pts := make([]float32, 0, 20)
	for i := range 10 {
		rad := outer
		if i%2 == 1 {
			rad = inner
		}
		a := float64(i)*math.Pi/5 - math.Pi/2
		pts = append(pts, x+rad*float32(math.Cos(a)), y+rad*float32(math.Sin(a)))
	}
	polygon(z, pts...)
}
