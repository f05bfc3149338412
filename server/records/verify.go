package records

import (
	"bytes"
	"context"
	"fmt"

	"pbem/engine"
	"pbem/server/core"
	"pbem/store"
)

// Verify replays game id from its seed, options and the canonical notation
// of its moves, and compares every state with the one stored. A nil error
// means the archive rebuilds the game exactly.
func (r Records) Verify(ctx context.Context, id int64) error {
	l, err := r.Core.Load(ctx, id)
	if err != nil {
		return err
	}
	moves, err := r.Store.Moves(ctx, id)
	if err != nil {
		return err
	}
	st, err := core.StateAfter(l.Kind, l.Row, moves, 0)
	if err != nil {
		return err
	}
	replayed := newLine(l.Kind, st)
	for _, m := range moves {
		next, _, err := replayed.play(m)
		if err != nil {
			return fmt.Errorf("game %d move %d %q: %w", id, m.Number, m.Notation, err)
		}
		if err := sameState(l.Kind, next, m.State); err != nil {
			return fmt.Errorf("game %d move %d: %w", id, m.Number, err)
		}
		st = next
	}
	if len(moves) != l.Row.MoveNumber {
		return fmt.Errorf("game %d: %d moves stored, the game says %d", id, len(moves), l.Row.MoveNumber)
	}
	if turns := core.NextTurn(store.Game{}, moves) - 1; turns != l.Row.Turns {
		return fmt.Errorf("game %d: %d turns stored, the game says %d", id, turns, l.Row.Turns)
	}
	if err := sameState(l.Kind, st, l.Row.State); err != nil {
		return fmt.Errorf("game %d, current state: %w", id, err)
	}
	if want := core.Status(st); l.Row.Status != store.StatusAborted && l.Row.Status != want {
		return fmt.Errorf("game %d is stored %s, its replay is %s", id, l.Row.Status, want)
	}
	return nil
}

// sameState compares a replayed state with the one stored. A state stored
// by an earlier encoding of its game (Ludicitude's first kept the hash of
// every position) is the same when it reads back to the replayed state.
func sameState(g engine.Game, st engine.State, stored []byte) error {
	data, err := st.Encode()
	if err != nil {
		return fmt.Errorf("encode replayed state: %w", err)
	}
	if bytes.Equal(data, stored) {
		return nil
	}
	earlier, err := g.Decode(stored)
	if err != nil {
		return fmt.Errorf("the stored state cannot be read: %w", err)
	}
	if again, err := earlier.Encode(); err != nil || !bytes.Equal(data, again) {
		return fmt.Errorf("the replayed state differs from the stored one")
	}
	return nil
}

// VerifyAll verifies every game, workers at a time (at least one: the
// replays are CPU work, the reads of SQLite in WAL mode run side by side),
// and returns the IDs of those that fail with their errors. progress, when
// not nil, is told after each game how many are done out of how many; it
// is called from one goroutine at a time.
func (r Records) VerifyAll(ctx context.Context, workers int, progress func(done, total int)) (ok int, failed map[int64]error, err error) {
	ids, err := r.Store.GameIDs(ctx)
	if err != nil {
		return 0, nil, err
	}
	workers = max(1, min(workers, len(ids)))
	type result struct {
		id  int64
		err error
	}
	todo, results := make(chan int64), make(chan result, len(ids)) // workers never wait on a reader gone
	for range workers {
		go func() {
			for id := range todo {
				results <- result{id, r.Verify(ctx, id)}
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, id := range ids {
			select {
			case todo <- id:
			case <-ctx.Done():
				return
			}
		}
	}()
	failed = map[int64]error{}
	for done := range len(ids) {
		var r result
		select {
		case r = <-results:
		case <-ctx.Done():
			return ok, failed, ctx.Err()
		}
		if r.err != nil {
			failed[r.id] = r.err
		} else {
			ok++
		}
		if progress != nil {
			progress(done+1, len(ids))
		}
	}
	return ok, failed, nil
}
