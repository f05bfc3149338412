package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// OutboxDepth is how many mails wait to be sent (neither sent nor
// abandoned) and when the oldest of them was queued, zero when none waits:
// the daemon's metrics read it at every scrape, so it is one query over
// the outbox_due index, which holds only the waiting mails.
func (s *Store) OutboxDepth(ctx context.Context) (waiting int, oldest time.Time, err error) {
	var first sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*), MIN(created_at) FROM outbox INDEXED BY outbox_due
		WHERE sent_at IS NULL AND abandoned_at IS NULL`).Scan(&waiting, &first)
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("outbox depth: %w", err)
	}
	return waiting, nullTime(first), nil
}
