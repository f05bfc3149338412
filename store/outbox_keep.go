package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// PurgeBatch is how many outbox rows PurgeOutbox deletes in one
// transaction: small enough that the lock it holds delays no move by more
// than a few milliseconds.
const PurgeBatch = 500

// PurgeOutbox deletes, batch rows to a transaction, the outbox mails done
// with before cutoff: sent (and, when bounced, bounced) before it, or
// abandoned before it, then the pictures no mail left shows. A pending
// mail is never deleted, nor anything but outbox rows and their pictures:
// the moves and the inbound mails are the archive. It returns how many
// mails it deleted; nothing else refers to an outbox row (an answer
// points at its inbound mail, a bounce is on the row itself), so a mail
// whose answers were deleted shows none.
func (s *Store) PurgeOutbox(ctx context.Context, cutoff time.Time, batch int) (int, error) {
	if batch <= 0 {
		batch = PurgeBatch
	}
	before := cutoff.UTC().Format(timeFormat)
	total := 0
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox INDEXED BY outbox_sent
			WHERE sent_at IS NOT NULL AND sent_at < ? AND (bounced_at IS NULL OR bounced_at < ?) LIMIT ?)`, []any{before, before, batch}},
		{`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox INDEXED BY outbox_abandoned
			WHERE abandoned_at IS NOT NULL AND abandoned_at < ? AND sent_at IS NULL LIMIT ?)`, []any{before, batch}},
	} {
		n, err := s.deleteInBatches(ctx, batch, q.sql, q.args...)
		total += n
		if err != nil {
			return total, fmt.Errorf("delete the outbox's mails done with before %s: %w", before, err)
		}
	}
	if _, err := s.deleteInBatches(ctx, batch, purgePicturesQuery, batch); err != nil {
		return total, fmt.Errorf("delete the pictures no mail shows: %w", err)
	}
	return total, nil
}

// deleteInBatches runs query, a DELETE of at most batch rows, one
// transaction at a time until it deletes fewer or ctx ends, and returns
// how many rows it deleted.
func (s *Store) deleteInBatches(ctx context.Context, batch int, query string, args ...any) (int, error) {
	total := 0
	for {
		var n int64
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			res, err := tx.ExecContext(ctx, query, args...)
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		if err != nil {
			return total, err
		}
		total += int(n)
		if n < int64(batch) || ctx.Err() != nil {
			return total, nil
		}
	}
}
