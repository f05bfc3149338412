package server

import (
	"slices"
	"sync"

	"pbem/store"
)

// drawnPictures are the board pictures drawn, by Ref, and those being
// drawn. A move's pictures are drawn ahead, in the background, as soon as
// its mails are composed (drawAhead), so that the sender finds them ready;
// a mail whose picture was not drawn ahead draws it when it is sent. A
// picture is drawn once whatever the number of its mails: a second caller
// waits for the first, and a picture some composed mail still waits for is
// kept until that mail is sent (waitFor, sent), so that no burst pushes
// out a picture drawn ahead before its mails are sent.
//
// It is bounded. The draw-ahead stops while aheadBytes of pictures drawn
// wait for their mails, and goes on as they are sent; past queuedMost
// pictures waiting to be drawn ahead, a picture is left for its first mail
// sent to draw; the pictures no mail waits for are the keptPictures last
// sent; past waitedMost pictures or pinnedBytes waited for (mails
// composed and never sent by this process, say a transaction that failed
// after composing them), the oldest wait is forgotten.
type drawnPictures struct {
	mu      sync.Mutex
	byRef   map[string]*drawnPicture
	kept    []string                 // the pictures drawn no mail waits for, oldest first
	waits   []wait                   // the pictures mails wait for, in the order waited for
	waited  int                      // how many pictures mails wait for
	pinned  int                      // the bytes of the pictures drawn that mails wait for
	ahead   []store.Picture          // to draw ahead, in order
	running bool                     // a goroutine draws ahead
	drawing map[string]chan struct{} // closed once drawn
	draws   int                      // the pictures drawn, since the start
	seq     uint64                   // numbers the waits
}

// drawnPicture is one picture: its bytes once drawn, and how many mails
// composed and not yet sent show it.
type drawnPicture struct {
	data    []byte
	waiting int
	since   uint64 // the wait that made waiting 1
	queued  bool   // in ahead
}

// wait is a picture that mails began to wait for.
type wait struct {
	ref string
	seq uint64
}

// Bounds of drawnPictures: a few megabytes, pictures weighing 12–30 KB.
const (
	keptPictures = 32      // the pictures sent last, for a mail sent again
	aheadBytes   = 2 << 20 // drawn ahead and waiting for their mails, at most
	queuedMost   = 256     // waiting to be drawn ahead, with their diagrams
	pinnedBytes  = 4 << 20 // drawn and waited for, at most
	waitedMost   = 4096    // pictures waited for, at most
)

// get is the picture ref, drawn, or nil.
func (d *drawnPictures) get(ref string) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p := d.byRef[ref]; p != nil {
		return p.data
	}
	return nil
}

// drawn is how many pictures d drew.
func (d *drawnPictures) drawn() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.draws
}

// entry is the picture ref, made when new; d.mu is held.
func (d *drawnPictures) entry(ref string) *drawnPicture {
	if d.byRef == nil {
		d.byRef = map[string]*drawnPicture{}
	}
	p := d.byRef[ref]
	if p == nil {
		p = &drawnPicture{}
		d.byRef[ref] = p
	}
	return p
}

// once is the picture ref as drawn kept it, drawn now when no one has:
// when another caller is drawing it, once waits for that drawing. An
// error of draw is returned, nothing kept.
func (d *drawnPictures) once(ref string, draw func() ([]byte, error)) ([]byte, error) {
	for {
		d.mu.Lock()
		if p := d.byRef[ref]; p != nil && p.data != nil {
			d.mu.Unlock()
			return p.data, nil
		}
		if wait, ok := d.drawing[ref]; ok {
			d.mu.Unlock()
			<-wait
			continue // drawn, or that drawing failed
		}
		done := d.claim(ref)
		d.mu.Unlock()
		data, err := draw()
		d.keepDrawn(ref, done, data, err)
		return data, err
	}
}

// claim records that the caller draws ref, which no one draws; d.mu is
// held.
func (d *drawnPictures) claim(ref string) chan struct{} {
	done := make(chan struct{})
	if d.drawing == nil {
		d.drawing = map[string]chan struct{}{}
	}
	d.drawing[ref] = done
	return done
}

// keepDrawn records the drawing of ref that claim gave done for: data is
// kept, unless the drawing failed (err), and those waiting for it go on.
func (d *drawnPictures) keepDrawn(ref string, done chan struct{}, data []byte, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.drawing, ref)
	close(done)
	if err != nil {
		return
	}
	d.draws++
	p := d.entry(ref)
	p.data = data
	if p.waiting > 0 {
		d.pinned += len(data)
		d.bound()
	} else {
		d.keep(ref)
	}
}

// keep adds ref, drawn and waited for by no mail, to the pictures kept,
// pushing out the oldest past keptPictures; d.mu is held.
func (d *drawnPictures) keep(ref string) {
	d.kept = append(d.kept, ref)
	for len(d.kept) > keptPictures {
		old := d.kept[0]
		d.kept = slices.Delete(d.kept, 0, 1)
		if p := d.byRef[old]; p != nil && p.waiting == 0 {
			delete(d.byRef, old)
		}
	}
}

// waitFor records that a mail just composed shows each of pics, which are
// to be kept once drawn until that mail is sent, and has those not drawn
// yet drawn ahead, in the background, by draw, one after the other.
func (d *drawnPictures) waitFor(pics []store.Picture, draw func(store.Picture) []byte) {
	if len(pics) == 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, pic := range pics {
		p := d.entry(pic.Ref)
		p.waiting++
		if p.waiting == 1 {
			d.seq++
			p.since = d.seq
			d.waits = append(d.waits, wait{pic.Ref, d.seq})
			d.waited++
			if p.data != nil {
				d.kept = slices.DeleteFunc(d.kept, func(r string) bool { return r == pic.Ref })
				d.pinned += len(p.data)
			}
		}
		if p.data == nil && !p.queued && len(d.ahead) < queuedMost {
			p.queued = true
			d.ahead = append(d.ahead, pic)
		}
	}
	d.bound()
	d.drawAhead(draw)
}

// sent records that a mail showing the pictures refs was sent: those no
// other mail waits for join the pictures kept, and the draw-ahead goes on
// if it had stopped for them.
func (d *drawnPictures) sent(refs []string, draw func(store.Picture) []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, ref := range refs {
		if p := d.byRef[ref]; p != nil && p.waiting > 0 {
			p.waiting--
			if p.waiting == 0 {
				d.release(ref, p)
			}
		}
	}
	d.drawAhead(draw)
}

// release makes p, which no mail waits for any more, one of the pictures
// kept, or forgets it when it is not drawn; d.mu is held.
func (d *drawnPictures) release(ref string, p *drawnPicture) {
	p.waiting = 0
	d.waited--
	switch {
	case p.data != nil:
		d.pinned -= len(p.data)
		d.keep(ref)
	case !p.queued:
		delete(d.byRef, ref)
	}
}

// bound forgets the oldest waits past waitedMost pictures or pinnedBytes;
// d.mu is held.
func (d *drawnPictures) bound() {
	for len(d.waits) > 0 && (d.waited > waitedMost || d.pinned > pinnedBytes) {
		w := d.waits[0]
		d.waits = d.waits[1:]
		if p := d.byRef[w.ref]; p != nil && p.waiting > 0 && p.since == w.seq {
			d.release(w.ref, p)
		}
	}
	if len(d.waits) > 2*waitedMost { // waits long over, left in the list
		d.waits = slices.DeleteFunc(d.waits, func(w wait) bool {
			p := d.byRef[w.ref]
			return p == nil || p.waiting == 0 || p.since != w.seq
		})
	}
}

// drawAhead starts the goroutine that draws the pictures queued ahead,
// unless one runs or aheadBytes of pictures drawn wait for their mails;
// it ends when none is left or that bound is reached, and sent starts it
// again. d.mu is held.
func (d *drawnPictures) drawAhead(draw func(store.Picture) []byte) {
	if d.running || len(d.ahead) == 0 || d.pinned >= aheadBytes {
		return
	}
	d.running = true
	go func() {
		for {
			d.mu.Lock()
			var pic store.Picture
			var done chan struct{}
			for done == nil && len(d.ahead) > 0 && d.pinned < aheadBytes {
				pic = d.ahead[0]
				d.ahead = d.ahead[1:]
				p := d.byRef[pic.Ref]
				if p == nil {
					continue
				}
				p.queued = false
				_, busy := d.drawing[pic.Ref]
				switch {
				case p.data != nil || busy: // drawn or being drawn for a mail sent
				case p.waiting > 0:
					done = d.claim(pic.Ref)
				default: // sent already, or forgotten
					delete(d.byRef, pic.Ref)
				}
			}
			if done == nil {
				d.running = false
				d.mu.Unlock()
				return
			}
			d.mu.Unlock()
			d.keepDrawn(pic.Ref, done, draw(pic), nil)
		}
	}()
}
