package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInGroupFailsAlone: writes handed to the writer together, some of
// which fail, each stand or fall alone, whether the writer took them in
// one transaction (savepoints) or one by one: the failed ones leave
// nothing, the others are all written and their callers told so.
func TestInGroupFailsAlone(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	_, err := s.db.Exec(`CREATE TABLE probe (n INTEGER PRIMARY KEY)`)
	require.NoError(t, err)
	refused := errors.New("refused")
	const writes = 40
	errs := make([]error, writes)
	var wg sync.WaitGroup
	for i := range writes {
		wg.Go(func() {
			errs[i] = s.inGroup(ctx, func(ctx context.Context, tx *sql.Tx) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO probe (n) VALUES (?)`, i); err != nil {
					return err
				}
				if i%3 == 0 {
					return refused // after its row: the row must go with it
				}
				return nil
			})
		})
	}
	wg.Wait()
	var rows []int
	r, err := s.db.Query(`SELECT n FROM probe ORDER BY n`)
	require.NoError(t, err)
	for r.Next() {
		var n int
		require.NoError(t, r.Scan(&n))
		rows = append(rows, n)
	}
	require.NoError(t, r.Err())
	var want []int
	for i := range writes {
		if i%3 == 0 {
			assert.ErrorIs(t, errs[i], refused, "write %d", i)
		} else {
			assert.NoError(t, errs[i], "write %d", i)
			want = append(want, i)
		}
	}
	assert.Equal(t, want, rows)
}
