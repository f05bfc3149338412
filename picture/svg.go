package picture

import (
	"fmt"
	"html"
	"image/color"
	"math"
	"strconv"
	"strings"

	"pbem/engine"
)

// Sheet draws the boards of one web page as SVG, from the same diagrams,
// in the same colours and shapes as PNG. A page that replays a game shows
// hundreds of boards: as PNG they would weigh megabytes, so a Sheet draws
// each distinct square once, as a symbol kept for Defs, and a board is the
// empty board's symbol with a reference to a square's symbol for each
// square something stands on or a move marked. A board of Ludicitude then
// weighs half a kilobyte, a full board of Amplitude three; every board
// shows without a script. Its legend is left to the page, as text that
// reflows. The same diagrams in the same order give the same bytes.
type Sheet struct {
	prefix string
	ids    map[string]string // a symbol's drawing → its id
	defs   strings.Builder
}

// NewSheet is an empty sheet whose symbols' ids start with prefix, which
// no other id of the page may start with.
func NewSheet(prefix string) *Sheet {
	return &Sheet{prefix: prefix, ids: map[string]string{}}
}

// Board draws d as an <svg> element that scales to its container's width,
// labelled label for readers who do not see it, its squares DefaultCell
// pixels wide as PNG draws them. Each square drawn is a <use> of a symbol
// whose data-t, data-o, data-l and data-m attributes are the cell's Text,
// Owner (left out for none), Level and Mark (left out when 0), so that a
// test or a script reads the board back; the empty board's symbol carries
// the square's size in data-cell and the first square's inside corner in
// data-x and data-y.
// It refuses a diagram PNG would refuse.
func (s *Sheet) Board(d engine.Diagram, label string) (string, error) {
	g, err := newGeometry(d, DefaultCell(d.Cols))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="pic" viewBox="0 0 %d %d" role="img" aria-label="%s"><use href="#%s"/>`,
		g.w, g.h, html.EscapeString(label), s.background(d, g))
	for i, c := range d.Cells {
		if !dynamic(c) {
			continue
		}
		x, y := g.corner(i/d.Cols, i%d.Cols)
		fmt.Fprintf(&b, `<use href="#%s" x="%d" y="%d"/>`, s.square(c, g.cell-1), x, y)
	}
	b.WriteString(`</svg>`)
	return b.String(), nil
}

// Defs is the element that holds every symbol the sheet's boards use, to
// be put once in the page: an <svg> that takes no room.
func (s *Sheet) Defs() string {
	return `<svg width="0" height="0" style="position:absolute" aria-hidden="true">` + "\n" + s.defs.String() + `</svg>`
}

// dynamic says that something stands on c or a move marked it: what a
// board draws over the empty board.
func dynamic(c engine.Cell) bool {
	return c.Text != "" || c.Owner >= 0 || c.Level > 0 || c.Mark != engine.Unmarked
}

// symbol is the id of the symbol drawn as body, with attrs on its tag,
// added to the sheet the first time.
func (s *Sheet) symbol(attrs, body string) string {
	key := attrs + body
	if id, ok := s.ids[key]; ok {
		return id
	}
	id := s.prefix + strconv.FormatInt(int64(len(s.ids)), 36)
	s.ids[key] = id
	fmt.Fprintf(&s.defs, `<symbol id="%s"%s>%s</symbol>`+"\n", id, attrs, body)
	return id
}

// square is the id of the symbol drawing c in a square of side size.
func (s *Sheet) square(c engine.Cell, size int) string {
	attrs := ""
	if c.Text != "" {
		attrs += ` data-t="` + html.EscapeString(c.Text) + `"`
	}
	if c.Owner >= 0 {
		attrs += ` data-o="` + strconv.Itoa(c.Owner) + `"`
	}
	if c.Level != 0 {
		attrs += ` data-l="` + strconv.Itoa(c.Level) + `"`
	}
	if c.Mark != engine.Unmarked {
		attrs += ` data-m="` + strconv.Itoa(int(c.Mark)) + `"`
	}
	return s.symbol(attrs, svgCell(c, size))
}

// background is the id of the symbol of d's empty board: the squares with
// what is printed on them, the grid and the coordinates.
func (s *Sheet) background(d engine.Diagram, g geometry) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`, g.w, g.h, hex(paper))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, g.x0, g.y0, d.Cols*g.cell, d.Rows*g.cell, hex(square))
	for i, c := range d.Cells {
		if c.Kind == engine.Plain && c.Printed == "" {
			continue
		}
		x, y := g.corner(i/d.Cols, i%d.Cols)
		fmt.Fprintf(&b, `<use href="#%s" x="%d" y="%d"/>`, s.square(engine.Cell{Owner: -1, Kind: c.Kind, Printed: c.Printed}, g.cell-1), x, y)
	}
	b.WriteString(`<path d="`)
	for c := 1; c < d.Cols; c++ {
		fmt.Fprintf(&b, "M%d.5 %dv%d", g.x0+c*g.cell, g.y0, d.Rows*g.cell)
	}
	for r := 1; r < d.Rows; r++ {
		fmt.Fprintf(&b, "M%d %d.5h%d", g.x0, g.y0+r*g.cell, d.Cols*g.cell)
	}
	fmt.Fprintf(&b, `" stroke="%s"/>`, hex(gridLine))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2"/>`,
		g.x0, g.y0, d.Cols*g.cell+1, d.Rows*g.cell+1, hex(border))
	fmt.Fprintf(&b, `<g font-family="%s" font-size="%d" fill="%s" text-anchor="middle">`, fontFamily, g.label, hex(ink))
	for c, text := range d.ColLabels {
		x := g.x0 + c*g.cell + g.cell/2
		fmt.Fprintf(&b, `<text x="%d" y="%s">%s</text>`, x, num(float64(g.margin-2)/2+float64(g.label)*capRatio/2), html.EscapeString(text))
		fmt.Fprintf(&b, `<text x="%d" y="%s">%s</text>`, x, num(float64(g.y0+d.Rows*g.cell+1)+float64(g.margin+2)/2+float64(g.label)*capRatio/2), html.EscapeString(text))
	}
	for r, text := range d.RowLabels {
		y := num(float64(g.y0+r*g.cell+g.cell/2) + float64(g.label)*capRatio/2)
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, num(float64(g.margin-2)/2), y, html.EscapeString(text))
		fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, num(float64(g.x0+d.Cols*g.cell+1)+float64(g.margin+2)/2), y, html.EscapeString(text))
	}
	b.WriteString(`</g>`)
	attrs := fmt.Sprintf(` data-cell="%d" data-x="%d" data-y="%d"`, g.cell, g.x0+1, g.y0+1)
	return s.symbol(attrs, b.String())
}

// geometry is where a board's parts go, in pixels, as PNG places them.
type geometry struct {
	cell, label, margin int
	x0, y0              int // the board's top left corner, its grid lines included
	w, h                int // the whole picture, legend left out
}

// newGeometry places d's board in squares of cell pixels, as newLayout
// does for a PNG, refusing what it refuses.
func newGeometry(d engine.Diagram, cell int) (geometry, error) {
	if err := check(d); err != nil {
		return geometry{}, err
	}
	g := geometry{cell: cell, label: labelSize(cell)}
	g.margin = g.label + 10
	g.x0, g.y0 = g.margin, g.margin
	g.w = g.x0 + d.Cols*cell + 1 + g.margin
	g.h = g.y0 + d.Rows*cell + 1 + g.margin
	return g, nil
}

// corner is the top left pixel of the inside of the square in row r and
// column c, grid lines left out.
func (g geometry) corner(r, c int) (x, y int) {
	return g.x0 + c*g.cell + 1, g.y0 + r*g.cell + 1
}

// fontFamily is the SVG's font: the reader's own sans-serif, where PNG
// draws with the Go fonts.
const fontFamily = "system-ui,sans-serif"

// capRatio is a digit's height in a font's size, near enough for every
// sans-serif: a text's baseline goes that half below its centre.
const capRatio = 0.72

// svgCell draws c in a square of side size, its top left corner at 0,0,
// as drawCell paints it.
func svgCell(c engine.Cell, size int) string {
	s := float64(size)
	var b strings.Builder
	bg, ok := kindColour[c.Kind]
	if !ok {
		bg = square
	}
	piece := c.Level > 0 || c.Owner >= 0
	if c.Mark == engine.Placed && piece {
		bg = fresh
	}
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`, size, size, hex(bg))
	switch {
	case c.Kind == engine.Wall:
		svgHatch(&b, s)
	case piece:
		svgCube(&b, c, s)
	case c.Text != "":
		svgToken(&b, c, s)
	default:
		svgEmpty(&b, c, s)
	}
	switch c.Mark {
	case engine.Placed:
		w := math.Max(3, float64(size/10))
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="%s"/>`,
			num(w/2), num(w/2), num(s-w), num(s-w), hex(outline), num(w))
	case engine.Vacated:
		w := math.Max(2.5, s/14)
		fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`,
			num(s/2), num(s/2), num(s*0.3-w/2), hex(outline), num(w))
	case engine.Captured:
		w := math.Max(3, s/10) / 2
		a, z := s*0.25, s*0.75
		fmt.Fprintf(&b, `<path d="%s%s" fill="%s"/>`,
			svgPolygon(a-w, a+w, a+w, a-w, z+w, z-w, z-w, z+w), svgPolygon(z-w, a-w, z+w, a+w, a+w, z+w, a-w, z-w), hex(outline))
	}
	return b.String()
}

// svgEmpty draws what an empty square bears, as drawEmpty.
func svgEmpty(b *strings.Builder, c engine.Cell, s float64) {
	switch {
	case c.Printed != "":
		svgText(b, c.Printed, s/2, s/2, s*0.42, false, faint)
	case c.Kind == engine.Centre:
		pts := make([]float64, 0, 20)
		for i := range 10 {
			rad := s * 0.3
			if i%2 == 1 {
				rad = s * 0.13
			}
			a := float64(i)*math.Pi/5 - math.Pi/2
			pts = append(pts, s/2+rad*math.Cos(a), s/2+rad*math.Sin(a))
		}
		fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, svgPolygon(pts...), hex(ink))
	}
	corner := float64(int(s) / 5)
	switch c.Kind {
	case engine.Bonus:
		svgText(b, "K", s-corner, corner, s*0.3, true, ink)
	case engine.Malus:
		h := math.Max(2, float64(int(s)/18))
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`,
			num(s-corner-float64(int(s)/9)), num(corner-h/2), num(float64(2*(int(s)/9))), num(h), hex(ink))
	}
}

// svgToken draws a laid token, as drawToken.
func svgToken(b *strings.Builder, c engine.Cell, s float64) {
	in := math.Max(2, float64(int(s)/14))
	t := s - 2*in
	rad := t / 7
	fill := tile
	if c.Mark == engine.Placed {
		fill = fresh
	}
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`, num(in), num(in), num(t), num(t), num(rad), hex(tileEdge))
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`, num(in+1.2), num(in+1.2), num(t-2.4), num(t-2.4), num(rad-1), hex(fill))
	svgText(b, c.Text, s/2, s/2, s*0.68, true, ink)
}

// svgCube draws a piece in its owner's colour with its level in a digit
// and pips, as drawCube.
func svgCube(b *strings.Builder, c engine.Cell, s float64) {
	colours := pieces[0]
	if c.Owner >= 0 {
		colours = pieces[c.Owner%len(pieces)]
	}
	in := math.Max(3, float64(int(s)/8))
	t := s - 2*in
	rad := t / 6
	edge := math.Max(1.5, t/28)
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`, num(in), num(in), num(t), num(t), num(rad), hex(black))
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`, num(in+edge), num(in+edge), num(t-2*edge), num(t-2*edge), num(rad-edge), hex(colours[0]))
	text := c.Text
	if text == "" && c.Level > 0 {
		text = string(rune('0' + c.Level%10))
	}
	svgText(b, text, s/2, in+t*0.4, s*0.4, true, colours[1])
	pip := math.Max(2, t/16)
	gap := pip * 3
	x0 := t/2 - gap*float64(c.Level-1)/2
	for i := range c.Level {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(in+x0+gap*float64(i)), num(in+t*0.8), num(pip), hex(colours[1]))
	}
}

// svgHatch draws a wall's diagonal stripes, as hatch, inside a nested
// <svg> that cuts them at the square's edge.
func svgHatch(b *strings.Builder, s float64) {
	step := math.Max(8, s/5)
	w := step / 3
	fmt.Fprintf(b, `<svg width="%s" height="%s"><path d="`, num(s), num(s))
	for x := -s; x < s; x += step {
		b.WriteString(svgPolygon(x, 0, x+w, 0, x+w+s, s, x+s, s))
	}
	fmt.Fprintf(b, `" fill="%s"/></svg>`, hex(wallLine))
}

// svgText draws text with its digits' box centred on (x, y), size pixels
// high, in colour ci.
func svgText(b *strings.Builder, text string, x, y, size float64, bold bool, ci uint8) {
	weight := ""
	if bold {
		weight = ` font-weight="bold"`
	}
	fmt.Fprintf(b, `<text x="%s" y="%s" font-family="%s" font-size="%s"%s text-anchor="middle" fill="%s">%s</text>`,
		num(x), num(y+size*capRatio/2), fontFamily, num(size), weight, hex(ci), html.EscapeString(text))
}

// svgPolygon is the path data of the closed polygon through pts, x and y
// in turn.
func svgPolygon(pts ...float64) string {
	var b strings.Builder
	for i := 0; i+1 < len(pts); i += 2 {
		if i == 0 {
			b.WriteString("M")
		} else {
			b.WriteString("L")
		}
		b.WriteString(num(pts[i]) + " " + num(pts[i+1]))
	}
	b.WriteString("Z")
	return b.String()
}

// num writes v to a tenth of a pixel, as short as it goes.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// hex is palette colour ci as CSS writes it.
func hex(ci uint8) string {
	c := color.RGBAModel.Convert(palette[ci]).(color.RGBA)
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
