package mailer

import (
	"context"
	"sync"
	"sync/atomic"

	"pbem/store"
)

// marker records, in the background of a round, the mails the relay
// accepted: a lane hands over each batch's accepted mails and goes on
// sending while they are marked sent. Marking is a write transaction,
// which waits for the daemon's moves being committed and for the disk: in
// BenchmarkServeLoad the lanes waited 17 ms on average for each batch's,
// 2.8 s over the burst. Batches handed over while one is being marked are
// marked together. The round waits for the marker before it ends, so that
// a mail is never read as due again once the relay took it but for a
// crash in between (at least once, the same bytes).
type marker struct {
	s       *Sender
	ctx     context.Context
	queue   chan []store.Outgoing
	pending atomic.Int64 // mails handed over and not yet marked
	done    sync.WaitGroup
	result  roundResult // the marker goroutine's until done
}

// startMarker starts the round's marker.
func (s *Sender) startMarker(ctx context.Context) *marker {
	m := &marker{s: s, ctx: ctx, queue: make(chan []store.Outgoing, 64)}
	m.done.Go(m.run)
	return m
}

// hand gives the marker mails the relay accepted.
func (m *marker) hand(mails []store.Outgoing) {
	if len(mails) == 0 {
		return
	}
	m.pending.Add(int64(len(mails)))
	m.queue <- mails
}

func (m *marker) run() {
	for mails := range m.queue {
	more:
		for {
			select {
			case next, ok := <-m.queue:
				if !ok {
					break more
				}
				mails = append(mails, next...)
			default:
				break more
			}
		}
		m.s.sent(m.ctx, &m.result, mails)
		m.pending.Add(-int64(len(mails)))
	}
}

// finish waits until every mail handed over is marked and returns what
// the marking did.
func (m *marker) finish() roundResult {
	close(m.queue)
	m.done.Wait()
	return m.result
}
