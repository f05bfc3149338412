package server

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/mailer"
	"pbem/picture"
	"pbem/store"
)

// pictureFile is what a mail client that saves a board picture names it.
const pictureFile = "board.png"

// boardPictures draws the board pictures of the mails of one handling (a
// move's notifications, an invitation round): recipients who see the same
// board with the same marks, in the same language, share one picture,
// drawn once, so that a move's mails cost one or two drawings however
// many players and watchers the game has. It is off, drawing nothing,
// for a game whose pictures option is off.
type boardPictures struct {
	off    bool
	domain string
	drawn  map[string]*boardPicture // by the diagram drawn
}

// boardPicture is one board's picture as a mail carries it: its inline
// part and its width in pixels, the most the HTML shows it at.
type boardPicture struct {
	part  mailer.InlinePart
	width int
}

// pictures is the picture cache of one handling of game g of kind.
func (s *Server) pictures(g store.Game, kind engine.Game) *boardPictures {
	set, err := readSettings(g.Options, kind)
	return &boardPictures{off: err == nil && !set.pictures, domain: s.domain(), drawn: map[string]*boardPicture{}}
}

// forSeat is the picture of st as v shows it to seat, nil when the game
// or the player has pictures off, or the game cannot describe its board.
func (p *boardPictures) forSeat(seat store.Seat, st engine.State, v engine.View) (*boardPicture, error) {
	if seat.NoPictures {
		return nil, nil
	}
	return p.draw(st, v)
}

// draw is the picture of st as v shows it, drawn once per distinct
// diagram; nil when pictures are off or the game has no diagram. Its
// Content-ID is the picture's hash, so that a mail composed again (the
// same Message-ID) carries the same bytes.
func (p *boardPictures) draw(st engine.State, v engine.View) (*boardPicture, error) {
	dg, ok := st.(engine.Diagrammer)
	if p == nil || p.off || !ok {
		return nil, nil
	}
	d, err := diagramOf(dg, v)
	if err != nil {
		return nil, nil // shown as text, as a board that cannot be drawn
	}
	key := diagramKey(d)
	if b, ok := p.drawn[key]; ok {
		return b, nil
	}
	data, err := drawPNG(d)
	if err != nil {
		// A board that cannot be drawn is shown as text: the move and its
		// mails matter more than the picture, which the text part and the
		// alt text carry anyway.
		p.drawn[key] = nil
		return nil, nil
	}
	sum := sha256.Sum256(data)
	w, _ := picture.Size(d, picture.Options{})
	b := &boardPicture{width: w, part: mailer.InlinePart{
		ContentID:   "board." + hex.EncodeToString(sum[:8]) + "@" + p.domain,
		ContentType: "image/png", Filename: pictureFile, Data: data,
	}}
	p.drawn[key] = b
	return b, nil
}

// drawPNG is picture.PNG with a panic turned into an error: a bug in the
// drawing of an odd position must not lose a player's move.
func drawPNG(d engine.Diagram) (data []byte, err error) {
	defer recovered(&err)
	return picture.PNG(d, picture.Options{})
}

// diagramOf is dg's diagram for v, a panic turned into an error as in
// drawPNG.
func diagramOf(dg engine.Diagrammer, v engine.View) (d engine.Diagram, err error) {
	defer recovered(&err)
	return dg.Diagram(v), nil
}

// recovered turns a panic of the function it is deferred in into *err.
func recovered(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("the board picture: %v", p)
	}
}

// diagramKey is d written out whole: two views that give the same key
// draw the same picture.
func diagramKey(d engine.Diagram) string {
	var b strings.Builder
	b.Grow(len(d.Cells)*8 + len(d.Legend) + 64)
	b.WriteString(strconv.Itoa(d.Cols) + "x" + strconv.Itoa(d.Rows) + "|" + strings.Join(d.ColLabels, ",") + "|" + strings.Join(d.RowLabels, ",") + "|" + d.Legend)
	for _, c := range d.Cells {
		b.WriteByte('|')
		b.WriteString(c.Text)
		b.WriteByte(byte('0' + c.Mark))
		b.WriteByte(byte('0' + c.Kind))
		b.WriteString(strconv.Itoa(c.Owner))
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(c.Level))
		b.WriteByte('.')
		b.WriteString(c.Printed)
	}
	return b.String()
}

// cid is the Content-ID the HTML part's <img> names, "" for no picture:
// what a template's Picture field holds.
func (b *boardPicture) cid() string {
	if b == nil {
		return ""
	}
	return b.part.ContentID
}

// px is the picture's width, 0 for no picture.
func (b *boardPicture) px() int {
	if b == nil {
		return 0
	}
	return b.width
}

// inline is the parts a mail showing b carries, none for no picture.
func (b *boardPicture) inline() []mailer.InlinePart {
	if b == nil {
		return nil
	}
	return []mailer.InlinePart{b.part}
}
