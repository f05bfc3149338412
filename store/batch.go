package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Group commit. With synchronous=FULL every SQLite commit waits for the disk
// (about 2 ms here), so one commit a move would cap the whole server near
// 500 moves a second however many games are played. Commits are therefore
// handed to one writer goroutine, which takes every commit waiting and
// writes them in one transaction, each inside its own savepoint: a commit
// that fails (a conflict) is rolled back alone, the others go through, and
// all share one wait for the disk.

// maxBatch bounds the commits written in one transaction.
const maxBatch = 64

// errAlone rolls back the transaction of a batch of one whose commit
// failed; the caller gets the commit's own error.
var errAlone = errors.New("the batch's only commit failed")

type commitRequest struct {
	commit Commit
	done   chan error
}

// writeLoop writes queued commits until the queue is closed.
func (s *Store) writeLoop() {
	defer close(s.writerDone)
	for req := range s.commits {
		batch := []commitRequest{req}
	drain:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-s.commits:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		s.writeBatch(batch)
	}
}

// writeBatch writes a batch in one transaction and tells each caller how
// its own commit went.
func (s *Store) writeBatch(batch []commitRequest) {
	ctx := context.Background()
	results := make([]error, len(batch))
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if len(batch) == 1 {
			// Alone in its transaction, a commit that fails rolls the
			// transaction back: no savepoint needed.
			if results[0] = s.writeCommit(ctx, tx, batch[0].commit); results[0] != nil {
				return errAlone
			}
			return nil
		}
		for i, req := range batch {
			if _, err := tx.ExecContext(ctx, "SAVEPOINT one_commit"); err != nil {
				return err
			}
			results[i] = s.writeCommit(ctx, tx, req.commit)
			if results[i] != nil {
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO one_commit"); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "RELEASE one_commit"); err != nil {
				return err
			}
		}
		return nil
	})
	for i, req := range batch {
		if err != nil && !errors.Is(err, errAlone) {
			results[i] = fmt.Errorf("group commit: %w", err)
		}
		req.done <- results[i]
	}
}
