// Package store keeps pbem's games in SQLite: players and their addresses,
// games with their seats and current state, every move with the state after
// it, inbound mail, the outbox and chat.
//
// It owns all of pbem's SQL. The schema is versioned by migrations embedded
// in the binary and applied on Open, each in its own transaction, so an old
// database is upgraded in place and never recreated. Writes that belong
// together (a move, its history row, the new state and the mails it causes)
// go in one transaction.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// ErrNotFound is returned when a game, move or player does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a game moved on while a move was being
// applied to it: the caller reloads and tries again.
var ErrConflict = errors.New("the game changed meanwhile")

// Store is an open pbem database, safe for concurrent use.
type Store struct {
	db         *sql.DB
	path       string
	now        func() time.Time
	commits    chan commitRequest // to the writer goroutine
	writerDone chan struct{}
	closeOnce  sync.Once
}

// timeFormat is how times are stored: UTC, sortable as text.
const timeFormat = "2006-01-02T15:04:05.000000000Z"

// Open opens (creating it if needed) the database at path and brings its
// schema up to date. now gives the time stamped on rows; nil means
// time.Now.
//
// The connection runs in WAL mode (readers never wait for the writer), with
// foreign keys on, synchronous=FULL (a committed move survives a power cut),
// a busy timeout instead of immediate "database is locked" errors, and
// BEGIN IMMEDIATE for transactions, so that two writers queue rather than
// deadlock on a lock upgrade.
func Open(ctx context.Context, path string, now func() time.Time) (*Store, error) {
	s, err := openRaw(path, now)
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx, len(migrations)); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// openRaw opens the database without touching its schema.
func openRaw(path string, now func() time.Time) (*Store, error) {
	if path == "" || strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("open database: %q is not a usable file name", path)
	}
	if now == nil {
		now = time.Now
	}
	dsn := "file:" + path +
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(FULL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s := &Store{db: db, path: path, now: now, commits: make(chan commitRequest), writerDone: make(chan struct{})}
	go s.writeLoop()
	return s, nil
}

// Close waits for the commits under way, then closes the database. No
// method may be called during or after Close.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { close(s.commits) })
	<-s.writerDone
	return s.db.Close()
}

func (s *Store) stamp() string { return s.now().UTC().Format(timeFormat) }

func parseTime(v string) time.Time {
	t, _ := time.Parse(timeFormat, v)
	return t
}

// inTx runs fn in one write transaction, committed when fn returns nil.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Path is the database file's name, as given to Open.
func (s *Store) Path() string { return s.path }
