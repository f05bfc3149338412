package picture

import "image/color"

// The palette's colours, by index. The strong ones are the Okabe–Ito
// palette's (vermillion, sky blue, bluish green, orange, yellow), the
// tints the same hues lightened, so that a reader with any common colour
// blindness tells the squares apart; every meaning a colour has is also
// given by a shape or a letter.
const (
	paper    uint8 = iota // the picture's background
	ink                   // labels, digits, the legend
	gridLine              // the lines between squares
	border                // the board's edge
	square                // an ordinary empty square
	centre                // the centre, sky blue lightened
	bonus                 // a bonus square, bluish green lightened
	malus                 // a malus square, orange lightened
	wall                  // a wall square
	wallLine              // the hatching of a wall
	tile                  // a token
	tileEdge              // a token's edge
	fresh                 // a token or square the last move touched, yellow
	outline               // the outline of the last move, vermillion
	faint                 // a square's printed digit
	white                 // seat 0's cubes (White)
	black                 // seat 1's cubes (Black)
	blue                  // seat 2's pieces, Okabe–Ito blue
	purple                // seat 3's pieces, Okabe–Ito reddish purple
)

// palette holds the colours above; the canvas adds the blends its smooth
// edges need after them.
var palette = color.Palette{
	paper:    color.RGBA{0xff, 0xff, 0xff, 0xff},
	ink:      color.RGBA{0x1a, 0x1a, 0x1a, 0xff},
	gridLine: color.RGBA{0xb4, 0xb4, 0xb4, 0xff},
	border:   color.RGBA{0x4d, 0x4d, 0x4d, 0xff},
	square:   color.RGBA{0xf4, 0xf3, 0xef, 0xff},
	centre:   color.RGBA{0xbb, 0xe1, 0xf6, 0xff},
	bonus:    color.RGBA{0x9e, 0xdc, 0xc9, 0xff},
	malus:    color.RGBA{0xf6, 0xd2, 0x8c, 0xff},
	wall:     color.RGBA{0x5e, 0x5e, 0x5e, 0xff},
	wallLine: color.RGBA{0x86, 0x86, 0x86, 0xff},
	tile:     color.RGBA{0xf1, 0xe0, 0xbb, 0xff},
	tileEdge: color.RGBA{0xa8, 0x8b, 0x55, 0xff},
	fresh:    color.RGBA{0xf0, 0xe4, 0x42, 0xff},
	outline:  color.RGBA{0xd5, 0x5e, 0x00, 0xff},
	faint:    color.RGBA{0x74, 0x74, 0x74, 0xff},
	white:    color.RGBA{0xff, 0xff, 0xff, 0xff},
	black:    color.RGBA{0x22, 0x22, 0x22, 0xff},
	blue:     color.RGBA{0x00, 0x72, 0xb2, 0xff},
	purple:   color.RGBA{0xcc, 0x79, 0xa7, 0xff},
}

// pieces are the fill and the mark (digit, pips, edge) colours of a seat's
// pieces, by seat.
var pieces = [][2]uint8{{white, ink}, {black, white}, {blue, white}, {purple, ink}}
