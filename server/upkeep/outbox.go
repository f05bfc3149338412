package upkeep

import (
	"context"
	"time"

	"pbem/store"
)

// PurgeEvery is how often serve deletes the old mails of the outbox: often
// enough that each pass has a few minutes' worth to delete.
const PurgeEvery = 10 * time.Minute

// PurgeOutbox deletes the outbox's mails sent or abandoned longer ago than
// keep (store.PurgeOutbox, in small batches) and returns how many; keep 0
// keeps them all.
func (u Upkeep) PurgeOutbox(ctx context.Context, keep time.Duration) (int, error) {
	if keep <= 0 {
		return 0, nil
	}
	return u.Store.PurgeOutbox(ctx, u.now().Add(-keep), store.PurgeBatch)
}

// KeepPurgingOutbox runs PurgeOutbox now and every period until ctx is
// done, reporting each pass's count and error; keep 0 returns at once.
func (u Upkeep) KeepPurgingOutbox(ctx context.Context, keep, every time.Duration, report func(deleted int, err error)) {
	if keep <= 0 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := u.PurgeOutbox(ctx, keep)
		if ctx.Err() != nil {
			return
		}
		report(n, err)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
