package server

import (
	"pbem/server/core"

	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync"

	"pbem/engine"
	"pbem/mailer"
	"pbem/picture"
	"pbem/store"
)

// pictureFile is what a mail client that saves a board picture names it.
const pictureFile = "board.png"

// boardPictures describes the board pictures of the mails of one
// handling (a move's notifications, an invitation round): recipients who
// see the same board with the same marks, in the same language, share one
// picture, stored once and drawn once, off the move's path, so that
// a move's mails cost one or two drawings however many players and
// watchers the game has, none of them while the move's transaction
// waits. It is off, describing nothing, for a game whose pictures option
// is off.
type boardPictures struct {
	off       bool
	domain    string
	described map[string]*boardPicture // by the diagram, as JSON
}

// boardPicture is one board's picture as a mail carries it: its inline
// part, its width in pixels (the most the HTML shows it at), and the
// diagram it is drawn from, stored with the mail.
type boardPicture struct {
	part   mailer.InlinePart
	width  int
	source []byte
}

// pictures is the picture cache of one handling of game g of kind.
func (c *composer) pictures(g store.Game, kind engine.Game) *boardPictures {
	set, err := core.ReadSettings(g.Options, kind)
	return &boardPictures{off: err == nil && !set.Pictures, domain: c.domain(), described: map[string]*boardPicture{}}
}

// forSeat is the picture of st as v shows it to seat, nil when the game
// or the player has pictures off, or the game cannot describe its board.
func (p *boardPictures) forSeat(seat store.Seat, st engine.State, v engine.View) *boardPicture {
	if seat.NoPictures {
		return nil
	}
	return p.describe(st, v)
}

// describe is the picture of st as v shows it, one per distinct diagram; nil
// when pictures are off or the game has no diagram. It is not drawn here,
// in the transaction of the move whose mails show it, but in the
// background as soon as they are composed, or when the first of them is
// sent (FinishMail): the mails carry a placeholder, and its diagram is
// stored once beside them. Its Ref and Content-ID are the diagram's hash, so
// that a mail composed again (the same Message-ID) carries the same bytes.
func (p *boardPictures) describe(st engine.State, v engine.View) *boardPicture {
	dg, ok := st.(engine.Diagrammer)
	if p == nil || p.off || !ok {
		return nil
	}
	d, err := diagramOf(dg, v)
	if err != nil {
		return nil // shown as text, as a board that cannot be drawn
	}
	source := d.AppendJSON(nil)
	key := string(source)
	if b, ok := p.described[key]; ok {
		return b
	}
	w, _ := picture.Size(d)
	if w == 0 {
		// A board that cannot be drawn is shown as text: the move and its
		// mails matter more than the picture, which the text part and the
		// alt text carry anyway.
		p.described[key] = nil
		return nil
	}
	sum := sha256.Sum256(source)
	ref := hex.EncodeToString(sum[:8])
	b := &boardPicture{width: w, source: source, part: mailer.InlinePart{
		ContentID:   "board." + ref + "@" + p.domain,
		ContentType: "image/png", Filename: pictureFile, Ref: ref,
	}}
	p.described[key] = b
	return b
}

// FinishMail is raw, a queued mail, with the board pictures it shows drawn
// in: what the sender sends. A picture is drawn once, ahead (when its
// mails were composed) or by the first mail sent that shows it, and kept
// in memory until the last mail composed that shows it is sent
// (drawnPictures). A picture the store no longer has, or that cannot be
// drawn, is sent blank (the mail's text and the picture's alt text show
// the board): a mail is never held back by its picture, only by a store
// that cannot be read.
func (s *Server) FinishMail(ctx context.Context, raw []byte) ([]byte, error) {
	var shown []string
	out, err := mailer.Finish(raw, func(ref string) ([]byte, error) {
		shown = append(shown, ref)
		return s.mail.drawn.once(ref, func() ([]byte, error) {
			source, err := s.store.PictureSource(ctx, ref)
			if errors.Is(err, store.ErrNotFound) {
				s.mail.logger().Warn("a mail's board picture is not in the store: sent blank", "picture", ref)
				return blankPicture(), nil
			}
			if err != nil {
				return nil, err
			}
			return s.mail.drawPicture(store.Picture{Ref: ref, Source: source}), nil
		})
	})
	if err == nil {
		s.mail.drawn.sent(shown, s.mail.drawPicture)
	}
	return out, err
}

// drawAhead has the pictures of a mail just composed kept until it is
// sent, and drawn in the background, off the path of the move that caused
// it.
func (c *composer) drawAhead(pics []store.Picture) {
	c.drawn.waitFor(pics, c.drawPicture)
}

// drawPicture is p drawn from its diagram, blank when it cannot be.
func (c *composer) drawPicture(p store.Picture) []byte {
	var d engine.Diagram
	err := json.Unmarshal(p.Source, &d)
	var data []byte
	if err == nil {
		data, err = drawPNG(d)
	}
	if err != nil {
		c.logger().Error("a board picture cannot be drawn: sent blank", "picture", p.Ref, "err", err)
		return blankPicture()
	}
	return data
}

// blankPicture is a picture of nothing, one white pixel: what a mail shows
// in place of a board picture that cannot be drawn.
var blankPicture = sync.OnceValue(func() []byte {
	img := image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{color.White})
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
})

// drawPNG is picture.PNG with a panic turned into an error: a bug in the
// drawing of an odd position must not stop its mails.
func drawPNG(d engine.Diagram) (data []byte, err error) {
	defer recovered(&err)
	return picture.PNG(d)
}

// diagramOf is dg's diagram for v, a panic turned into an error: a bug in
// an odd position's diagram must not lose a player's move.
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

// CID is b's Content-ID, "" for none (core.Picture).
func (b *boardPicture) CID() string { return b.cid() }

// Width is b's width in pixels, 0 for none (core.Picture).
func (b *boardPicture) Width() int { return b.px() }
