package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrCorrupt is returned, wrapped, by every operation that met a damaged
// database: SQLite's SQLITE_CORRUPT ("database disk image is malformed")
// or SQLITE_NOTADB ("file is not a database"), or a failed Check. It is
// neither a missing row nor a passing failure: nothing is recorded until
// the operator restores the database from a backup.
var ErrCorrupt = errors.New("the database is damaged")

// corruptError is a driver error whose SQLite code says the database is
// damaged: errors.Is finds ErrCorrupt, errors.As the driver's *sqlite.Error.
type corruptError struct{ err error }

func (e *corruptError) Error() string   { return ErrCorrupt.Error() + ": " + e.err.Error() }
func (e *corruptError) Unwrap() []error { return []error{ErrCorrupt, e.err} }

// classify marks the errors of a damaged database with ErrCorrupt, by
// their SQLite result code (the primary code: the low byte of an extended
// one such as SQLITE_CORRUPT_INDEX), never by their text. Every other error,
// io.EOF and driver.ErrSkip included, passes unchanged.
func classify(err error) error {
	var se *sqlite.Error
	if err == nil || !errors.As(err, &se) || errors.Is(err, ErrCorrupt) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return &corruptError{err}
	}
	return err
}

// The store reaches SQLite through this connector, which wraps the
// driver's connections so that every error they return goes through
// classify: whichever query of the store meets the damage, its error
// satisfies errors.Is(err, ErrCorrupt), and the store's callers (the
// server, the commands) can tell a damaged database from a missing game or
// a passing failure without each query being checked.

type connector struct{ inner driver.Connector }

func (c connector) Driver() driver.Driver { return c.inner.Driver() }

func (c connector) Connect(ctx context.Context) (driver.Conn, error) {
	dc, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, classify(err)
	}
	sc, ok := dc.(sqliteConn)
	if !ok {
		dc.Close()
		return nil, fmt.Errorf("the SQLite driver's connection %T lacks a method the store needs", dc)
	}
	return conn{c: sc, stmts: newStmtCache()}, nil
}

// sqliteConn is what the store needs of a driver connection; the driver's
// own connection has it all.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// conn is a driver connection with its prepared statements (stmt.go).
type conn struct {
	c     sqliteConn
	stmts *stmtCache
}

func (c conn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c conn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	ds, err := c.c.PrepareContext(ctx, query)
	if err != nil {
		return nil, classify(err)
	}
	st, ok := ds.(sqliteStmt)
	if !ok {
		ds.Close()
		return nil, fmt.Errorf("the SQLite driver's statement %T lacks a method the store needs", ds)
	}
	return stmt{st}, nil
}

func (c conn) Close() error {
	c.stmts.close()
	return c.c.Close()
}

func (c conn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c conn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	t, err := c.c.BeginTx(ctx, opts)
	if err != nil {
		return nil, classify(err)
	}
	return tx{t}, nil
}

func (c conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	r, err := c.exec(ctx, query, args)
	return r, classify(err)
}

func (c conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	r, err := c.query(ctx, query, args)
	return r, classify(err)
}

func (c conn) Ping(ctx context.Context) error         { return classify(c.c.Ping(ctx)) }
func (c conn) ResetSession(ctx context.Context) error { return c.c.ResetSession(ctx) }
func (c conn) IsValid() bool                          { return c.c.IsValid() }
func (t tx) Commit() error                            { return classify(t.t.Commit()) }
func (t tx) Rollback() error                          { return classify(t.t.Rollback()) }
func (r rows) Columns() []string                      { return r.r.Columns() }
func (r rows) Next(dest []driver.Value) error         { return classify(r.r.Next(dest)) }
func (s stmt) Close() error                           { return classify(s.s.Close()) }
func (s stmt) NumInput() int                          { return s.s.NumInput() }
func (s stmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.ExecContext(context.Background(), named(args))
}

func (s stmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), named(args))
}

func (s stmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	r, err := s.s.ExecContext(ctx, args)
	return r, classify(err)
}

func (s stmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	r, err := s.s.QueryContext(ctx, args)
	if err != nil {
		return nil, classify(err)
	}
	return rows{r: r}, nil
}

// Close closes the rows, and gives their cached statement back.
func (r rows) Close() error {
	err := r.r.Close()
	if r.done != nil {
		r.done()
	}
	return classify(err)
}

// named numbers positional arguments as database/sql does.
func named(args []driver.Value) []driver.NamedValue {
	out := make([]driver.NamedValue, len(args))
	for i, v := range args {
		out[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return out
}

type sqliteStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

type (
	tx   struct{ t driver.Tx }
	rows struct {
		r    driver.Rows
		done func() // when set, called once the rows are closed
	}
	stmt struct{ s sqliteStmt }
)

// fileURI is the SQLite URI naming the file at path, for the driver's
// file: names: every byte but the unreserved ones and '/' is
// percent-encoded, so that a '%', '?', '#' or space in a file name stays
// part of the name (SQLite decodes %HH in a URI's path; an unescaped '?'
// would start the query, '#' the fragment, and "%41" would be read as
// "A"). An absolute path gets the empty authority ("file:///var/…"), so
// that one starting with "//" is not read as a host.
func fileURI(path string) string {
	var b strings.Builder
	b.WriteString("file:")
	if strings.HasPrefix(path, "/") {
		b.WriteString("//")
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
