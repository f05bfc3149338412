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
	// write, when set, is written in place of commit: a small write that
	// would otherwise wait for the writer's transaction to take the lock
	// after it, and then for the disk on its own (see inGroup).
	write func(ctx context.Context, tx *sql.Tx) error
	done  chan error
}

// inGroup writes fn in the writer's next transaction, beside the moves
// being committed (its own savepoint: its failure rolls back it alone),
// and returns fn's error or the transaction's. For the writes the daemon
// makes by the hundred a second besides moves, the sent mails' marks: in
// a transaction of their own each waited for the writer's lock and then
// for the disk, 17 ms on average under BenchmarkServeLoad's burst.
func (s *Store) inGroup(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	return s.submit(ctx, commitRequest{write: fn})
}

// submit hands req to the writer and waits for its outcome; ctx's error
// when ctx ends before the writer takes it.
func (s *Store) submit(ctx context.Context, req commitRequest) error {
	req.done = make(chan error, 1)
	select {
	case s.commits <- req:
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-req.done
}

// writeRequest writes req inside the writer's transaction.
func (s *Store) writeRequest(ctx context.Context, tx *sql.Tx, req commitRequest) error {
	if req.write != nil {
		return req.write(ctx, tx)
	}
	return s.writeCommit(ctx, tx, req.commit)
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
			if results[0] = s.writeRequest(ctx, tx, batch[0]); results[0] != nil {
				return errAlone
			}
			return nil
		}
		for i, req := range batch {
			if _, err := tx.ExecContext(ctx, "SAVEPOINT one_commit"); err != nil {
				return err
			}
			results[i] = s.writeRequest(ctx, tx, req)
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
