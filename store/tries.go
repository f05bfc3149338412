package store

import (
	"context"
	"fmt"
	"time"
)

// Tries is how often a mail has failed to be handled for a passing reason
// (Temporary), and since when.
type Tries struct {
	Count int
	First time.Time
}

// CountTry counts one more passing failure of the mail recorded under key,
// why being the error, and returns the mail's tries so far. It writes in
// a transaction of its own, outside the failed one; an error here (the
// database still busy) only means this try is not counted, which errs on
// the side of trying again.
func (s *Store) CountTry(ctx context.Context, key, why string) (Tries, error) {
	now := s.stamp()
	var t Tries
	var first string
	err := s.db.QueryRowContext(ctx, `INSERT INTO inbound_tries (mail_key, tries, first_at, last_at, last_error) VALUES (?, 1, ?, ?, ?)
		ON CONFLICT (mail_key) DO UPDATE SET tries = tries + 1, last_at = excluded.last_at, last_error = excluded.last_error
		RETURNING tries, first_at`, key, now, now, why).Scan(&t.Count, &first)
	if err != nil {
		return Tries{}, fmt.Errorf("count a try of mail %s: %w", key, err)
	}
	t.First = parseTime(first)
	return t, nil
}
