package store

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pinned is one connection of s's pool, with a look at its statements.
func pinned(t *testing.T, s *Store) (*sql.Conn, func() *stmtCache) {
	t.Helper()
	c, err := s.db.Conn(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c, func() *stmtCache {
		var sc *stmtCache
		require.NoError(t, c.Raw(func(dc any) error {
			sc = dc.(conn).stmts
			return nil
		}))
		return sc
	}
}

func TestStatementsArePreparedOncePerConnection(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	c, cache := pinned(t, s)
	const q = `SELECT COUNT(*) FROM games WHERE id > ?`
	var first *cachedStmt
	for i := range 3 {
		var n int
		require.NoError(t, c.QueryRowContext(ctx, q, 0).Scan(&n))
		assert.Equal(t, 0, n)
		_, err := c.ExecContext(ctx, `INSERT INTO settings (key, value, updated_at) VALUES (?, 'v', 'now')`, fmt.Sprint("k", i))
		require.NoError(t, err)
		sc := cache()
		sc.mu.Lock()
		st := sc.m[q]
		sc.mu.Unlock()
		require.NotNil(t, st, "the query's statement is kept")
		assert.False(t, st.busy, "its rows are closed")
		if first == nil {
			first = st
		}
		assert.Same(t, first, st, "run %d prepared the statement again", i+1)
	}
}

func TestStatementRunInsideItsOwnRows(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	for i := range 3 {
		_, err := s.db.ExecContext(ctx, `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 'now')`, fmt.Sprint("k", i), fmt.Sprint(i))
		require.NoError(t, err)
	}
	const q = `SELECT value FROM settings WHERE key LIKE ? ORDER BY key`
	var outer, inner []string
	require.NoError(t, s.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, q, "k%")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				return err
			}
			outer = append(outer, v)
			// The same text on the same connection while its rows are
			// open: a statement of its own, not the busy one.
			var got string
			if err := tx.QueryRowContext(ctx, q, "k"+v).Scan(&got); err != nil {
				return err
			}
			inner = append(inner, got)
		}
		return rows.Err()
	}))
	assert.Equal(t, []string{"0", "1", "2"}, outer)
	assert.Equal(t, []string{"0", "1", "2"}, inner)
}

func TestStatementCacheIsBounded(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	c, cache := pinned(t, s)
	for i := range maxCachedStmts + 20 {
		var n int
		require.NoError(t, c.QueryRowContext(ctx, fmt.Sprintf(`SELECT %d`, i)).Scan(&n))
		require.Equal(t, i, n)
	}
	sc := cache()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	assert.Len(t, sc.m, maxCachedStmts)
	assert.Len(t, sc.order, maxCachedStmts)
	assert.NotContains(t, sc.m, `SELECT 0`, "the oldest went first")
	assert.Contains(t, sc.m, fmt.Sprintf(`SELECT %d`, maxCachedStmts+19))
}

func TestCachedStatementAfterAnError(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	c, _ := pinned(t, s)
	const ins = `INSERT INTO settings (key, value, updated_at) VALUES (?, 'v', 'now')`
	_, err := c.ExecContext(ctx, ins, "a")
	require.NoError(t, err)
	_, err = c.ExecContext(ctx, ins, "a")
	require.Error(t, err, "the key is taken")
	_, err = c.ExecContext(ctx, ins, "b")
	require.NoError(t, err, "the statement works again after its failure")
	_, err = c.ExecContext(ctx, `SELEKT 1`)
	require.ErrorContains(t, err, "syntax error")
	var n int
	require.NoError(t, c.QueryRowContext(ctx, `SELECT COUNT(*) FROM settings WHERE key IN ('a', 'b')`).Scan(&n))
	assert.Equal(t, 2, n)
}
