package store

import (
	"context"
	"sync"
)

// InboundNote is what the store recorded of an inbound mail while a
// context carried the note: its outcome and detail, and its game. The
// server handles a mail down many paths, each ending in one of the store's
// writes; the note lets it report the mail's fate (logs, metrics) from the
// record itself, without reading the row back.
type InboundNote struct {
	mu   sync.Mutex
	in   Inbound
	game int64
	set  bool
}

type noteKey struct{}

// NoteInbound returns a context under which every inbound mail the store
// records is noted in the returned note, the last one winning (a handling
// retried after a conflict records again).
func NoteInbound(ctx context.Context) (context.Context, *InboundNote) {
	n := &InboundNote{}
	return context.WithValue(ctx, noteKey{}, n), n
}

// Recorded is the mail last recorded under the note, without its bytes,
// and its game (0 for none); ok is false when none was. A record is noted
// when written inside its transaction: it stands only if the handling
// returned no error.
func (n *InboundNote) Recorded() (in Inbound, game int64, ok bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.in, n.game, n.set
}

// note records in on ctx's note, if any.
func note(ctx context.Context, in Inbound, game int64) {
	n, _ := ctx.Value(noteKey{}).(*InboundNote)
	if n == nil {
		return
	}
	in.Raw = nil
	n.mu.Lock()
	n.in, n.game, n.set = in, game, true
	n.mu.Unlock()
}

// noteDetail adds to the detail of the mail noted with key.
func noteDetail(ctx context.Context, key, more string) {
	n, _ := ctx.Value(noteKey{}).(*InboundNote)
	if n == nil {
		return
	}
	n.mu.Lock()
	if n.set && n.in.Key == key {
		n.in.Detail += more
	}
	n.mu.Unlock()
}

// noteMore adds to the detail of whatever mail ctx's note holds.
func noteMore(ctx context.Context, more string) {
	n, _ := ctx.Value(noteKey{}).(*InboundNote)
	if n == nil {
		return
	}
	n.mu.Lock()
	if n.set {
		n.in.Detail += more
	}
	n.mu.Unlock()
}
