package server

import (
	"sync"

	"pbem/store"
)

// drawnPictures are the board pictures drawn last, by Ref, and those
// being drawn. A move's pictures are drawn ahead, in the background, as
// soon as its mails are composed (drawAhead), so that the sender finds
// them ready; a mail whose picture was not drawn ahead draws it when it
// is sent. Either way a picture is drawn once: a second caller waits for
// the first. It is small (a picture weighs 12–30 KB) and bounded: a
// picture pushed out is drawn again from its diagram if a late mail still
// shows it.
type drawnPictures struct {
	mu      sync.Mutex
	byRef   map[string][]byte
	order   []string                 // the Refs kept, oldest first
	drawing map[string]chan struct{} // closed once drawn
	ahead   []store.Picture          // to draw ahead, in order
	running bool                     // a goroutine draws ahead
}

// Bounds of drawnPictures: the pictures kept, those of the moves of one
// of the sender's batches and some more; the pictures waiting to be drawn
// ahead, past which a mail's picture is left for the sender to draw.
const (
	keptPictures    = 32
	waitingPictures = 64
)

// get is the picture ref, drawn, or nil.
func (d *drawnPictures) get(ref string) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.byRef[ref]
}

// once is the picture ref as drawn kept it, drawn now when no one has:
// when another caller is drawing it, once waits for that drawing. An
// error of draw is returned, nothing kept.
func (d *drawnPictures) once(ref string, draw func() ([]byte, error)) ([]byte, error) {
	d.mu.Lock()
	if data := d.byRef[ref]; data != nil {
		d.mu.Unlock()
		return data, nil
	}
	if wait, ok := d.drawing[ref]; ok {
		d.mu.Unlock()
		<-wait
		if data := d.get(ref); data != nil {
			return data, nil
		}
		return draw() // that drawing failed
	}
	done := make(chan struct{})
	if d.drawing == nil {
		d.drawing = map[string]chan struct{}{}
	}
	d.drawing[ref] = done
	d.mu.Unlock()

	data, err := draw()
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.drawing, ref)
	close(done)
	if err != nil {
		return nil, err
	}
	d.keep(ref, data)
	return data, nil
}

// keep keeps data as picture ref, pushing out the oldest kept past
// keptPictures; d.mu is held.
func (d *drawnPictures) keep(ref string, data []byte) {
	if d.byRef == nil {
		d.byRef = map[string][]byte{}
	}
	if _, ok := d.byRef[ref]; ok {
		return
	}
	if len(d.order) == keptPictures {
		delete(d.byRef, d.order[0])
		d.order = append(d.order[:0], d.order[1:]...)
	}
	d.byRef[ref] = data
	d.order = append(d.order, ref)
}

// drawAhead has pics drawn in the background by draw, one after the
// other, by a goroutine that ends when none waits; past waitingPictures
// waiting, a picture is left for its mails' sending to draw.
func (d *drawnPictures) drawAhead(pics []store.Picture, draw func(store.Picture) []byte) {
	if len(pics) == 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, p := range pics {
		if len(d.ahead) < waitingPictures && d.byRef[p.Ref] == nil {
			d.ahead = append(d.ahead, p)
		}
	}
	if d.running || len(d.ahead) == 0 {
		return
	}
	d.running = true
	go func() {
		for {
			d.mu.Lock()
			if len(d.ahead) == 0 {
				d.running = false
				d.mu.Unlock()
				return
			}
			p := d.ahead[0]
			d.ahead = d.ahead[1:]
			d.mu.Unlock()
			d.once(p.Ref, func() ([]byte, error) { return draw(p), nil })
		}
	}()
}
