package mailer

import (
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
)

// deferrals are the mails a Handler failed on for a passing reason, each
// waiting out a backoff of its own before it is handed again. While one
// waits, the mails after it in its lane (its game) wait too, so that a
// game's mails are still handled in order; every other lane goes on. They
// live as long as the Receiver's Run: a restart tries each mail at once.
type deferrals struct {
	mu       sync.Mutex
	min, max time.Duration
	validity uint32 // the UIDVALIDITY the UIDs belong to
	byUID    map[imap.UID]deferral
}

// deferral is one mail's passing failures so far.
type deferral struct {
	tries int
	next  time.Time // not handed again before
	err   error     // the last failure
}

func newDeferrals(min, max time.Duration) *deferrals {
	return &deferrals{min: min, max: max, byUID: map[imap.UID]deferral{}}
}

// in starts a pass over the mailbox at this UIDVALIDITY: deferrals of
// another one name other mails, and are dropped.
func (d *deferrals) in(validity uint32) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.validity != validity {
		d.validity, d.byUID = validity, map[imap.UID]deferral{}
	}
}

// waiting reports whether mail uid is still waiting out its backoff at now.
func (d *deferrals) waiting(uid imap.UID, now time.Time) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	f, ok := d.byUID[uid]
	return ok && now.Before(f.next)
}

// failed counts a passing failure of mail uid at now and returns the wait
// before its next try: min doubling with each failure, up to max.
func (d *deferrals) failed(uid imap.UID, now time.Time, err error) time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	f := d.byUID[uid]
	wait := d.min
	for i := 0; i < f.tries && wait < d.max; i++ {
		wait *= 2
	}
	wait = min(wait, d.max)
	d.byUID[uid] = deferral{tries: f.tries + 1, next: now.Add(wait), err: err}
	return wait
}

// done forgets mail uid, handled at last.
func (d *deferrals) done(uid imap.UID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.byUID, uid)
}

// next is when the first deferred mail may be tried again; ok is false
// when none waits.
func (d *deferrals) next() (at time.Time, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, f := range d.byUID {
		if !ok || f.next.Before(at) {
			at, ok = f.next, true
		}
	}
	return at, ok
}

// firstError is the failure of the lowest deferred UID, nil when none:
// what Once reports.
func (d *deferrals) firstError() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	var first imap.UID
	var err error
	for uid, f := range d.byUID {
		if first == 0 || uid < first {
			first, err = uid, &handlerError{uid: uid, err: f.err}
		}
	}
	return err
}

// keep forgets the deferred mails that are no longer in the mailbox (moved
// or expunged by someone else): uids are those it holds now.
func (d *deferrals) keep(uids []imap.UID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.byUID) == 0 {
		return
	}
	present := make(map[imap.UID]bool, len(uids))
	for _, u := range uids {
		present[u] = true
	}
	for uid := range d.byUID {
		if !present[uid] {
			delete(d.byUID, uid)
		}
	}
}
