// Package fakeclock is the settable clock tests hand to the store, the
// server and the mailer in place of time.Now: the one fake pbem's tests
// use, so that backoffs, deadlines and rate limits are checked to the
// nanosecond without waiting.
package fakeclock

import (
	"sync"
	"time"
)

// Clock is a time that moves only when told. It is safe for concurrent
// use, as the daemon's goroutines read it while a test moves it.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New returns a clock set at t.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time; pass the method value where a func() time.Time
// is wanted.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
