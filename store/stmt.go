package store

import (
	"context"
	"database/sql/driver"
	"sync"
	"sync/atomic"
)

// Prepared statements. SQLite parses and plans a statement each time it
// is prepared, and for the short statements of a move that costs more
// than running them: a mail handled ran some fifteen statements, each
// prepared, run once and thrown away. Each connection therefore keeps the
// statements it has prepared, by their text, and runs them again with new
// arguments. The cache sits in the connection the store's connector
// wraps (see sqlite.go), so every query of the store is prepared once per
// connection without any of them being written differently, in a
// transaction or not; SQLite prepares a statement again by itself when
// the schema changes under it (a migration by another process).
//
// A statement whose rows are still being read when the same text is run
// again on the connection (a query inside the loop over its own rows, in
// one transaction) is not shared: that run gets a statement of its own,
// closed after it.

// Bounds of a connection's cache. Statements whose text is built (a
// PRAGMA with a number, an IN list per length) come and go in a bounded
// space; a long text is a migration's script, run once.
const (
	maxCachedStmts   = 128
	maxCachedStmtLen = 2048
)

// stmtCache is one connection's prepared statements, by query text.
type stmtCache struct {
	mu    sync.Mutex
	m     map[string]*cachedStmt
	order []string // the texts, oldest first, for eviction
}

type cachedStmt struct {
	s    sqliteStmt
	busy bool // rows of it are open
}

func newStmtCache() *stmtCache { return &stmtCache{m: map[string]*cachedStmt{}} }

// take returns the statement for query, prepared on c when the cache has
// none, and marks it busy until release is called; nil when query is not
// to be cached or its statement is busy. A failure to prepare is the
// query's own error.
func (sc *stmtCache) take(ctx context.Context, c sqliteConn, query string) (st *cachedStmt, err error) {
	if len(query) > maxCachedStmtLen {
		return nil, nil
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if st, ok := sc.m[query]; ok {
		if st.busy {
			return nil, nil
		}
		st.busy = true
		return st, nil
	}
	ds, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s, ok := ds.(sqliteStmt)
	if !ok {
		ds.Close()
		return nil, nil
	}
	if len(sc.order) >= maxCachedStmts {
		sc.evictLocked()
	}
	st = &cachedStmt{s: s, busy: true}
	sc.m[query] = st
	sc.order = append(sc.order, query)
	return st, nil
}

// evictLocked closes the oldest statement not in use.
func (sc *stmtCache) evictLocked() {
	for i, q := range sc.order {
		if st := sc.m[q]; !st.busy {
			st.s.Close()
			delete(sc.m, q)
			sc.order = append(sc.order[:i], sc.order[i+1:]...)
			return
		}
	}
}

func (sc *stmtCache) release(st *cachedStmt) {
	sc.mu.Lock()
	st.busy = false
	sc.mu.Unlock()
}

// close closes every statement, before the connection closes.
func (sc *stmtCache) close() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for _, st := range sc.m {
		st.s.Close()
	}
	sc.m, sc.order = map[string]*cachedStmt{}, nil
}

// traced, when set, is told every statement the store runs, with its
// arguments, before it runs: the tests that check the query plans of the
// daemon's hot paths (plans_test.go) read the SQL the store's methods
// really run, not copies of it. Nothing else sets it.
var traced atomic.Pointer[func(query string, args []driver.NamedValue)]

// trace tells traced of query, when it is set.
func trace(query string, args []driver.NamedValue) {
	if f := traced.Load(); f != nil {
		(*f)(query, args)
	}
}

// exec runs query with args on c through its cached statement.
func (c conn) exec(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	trace(query, args)
	st, err := c.stmts.take(ctx, c.c, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return c.c.ExecContext(ctx, query, args)
	}
	defer c.stmts.release(st)
	return st.s.ExecContext(ctx, args)
}

// query runs query with args on c through its cached statement, which
// stays busy until the rows are closed.
func (c conn) query(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	trace(query, args)
	st, err := c.stmts.take(ctx, c.c, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		r, err := c.c.QueryContext(ctx, query, args)
		if err != nil {
			return nil, err
		}
		return rows{r: r}, nil
	}
	r, err := st.s.QueryContext(ctx, args)
	if err != nil {
		c.stmts.release(st)
		return nil, err
	}
	return rows{r: r, done: func() { c.stmts.release(st) }}, nil
}
