// Package upkeep is the daemon's housekeeping, which no mail asks for:
// the full check of the database (when serve starts, every
// server.check_every, soon after a mail met damage, and pbem check), the
// heartbeat that tells pbem status the daemon runs, and the purge of the
// mails sent longer ago than server.outbox_keep. It calls the store alone.
package upkeep

import (
	"time"

	"pbem/store"
)

// Upkeep is the housekeeping's operations on the store.
type Upkeep struct {
	Store *store.Store
	Now   func() time.Time // nil: time.Now
}

func (u Upkeep) now() time.Time {
	if u.Now == nil {
		return time.Now()
	}
	return u.Now()
}
