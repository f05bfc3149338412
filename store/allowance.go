package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Allowance is what a set of Limits still allows: Left answers more (the
// fewest any of them leaves), after which answers are held until Until,
// when that limit's window ends.
type Allowance struct {
	Left  int
	Until time.Time
}

// AllowanceOf reads what limits allow now, counting nothing: so that the
// answer that spends the last one can say that those after it will be
// held, and until when. A limit whose window has ended, or never began,
// allows its Max from now.
func (s *Store) AllowanceOf(ctx context.Context, limits []Limit) (Allowance, error) {
	now := s.now().UTC()
	var out Allowance
	for i, l := range limits {
		a := Allowance{Left: max(l.Max, 1), Until: now.Add(l.Every)}
		var start string
		var sent int
		err := s.db.QueryRowContext(ctx, `SELECT window_start, sent FROM reply_limits WHERE key = ?`, l.Key).Scan(&start, &sent)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return Allowance{}, fmt.Errorf("reply limit %s: %w", l.Key, err)
		case now.Sub(parseTime(start)) < l.Every:
			a = Allowance{Left: max(max(l.Max, 1)-sent, 0), Until: parseTime(start).Add(l.Every)}
		}
		if i == 0 || a.Left < out.Left || a.Left == out.Left && a.Until.After(out.Until) {
			out = a
		}
	}
	return out, nil
}
