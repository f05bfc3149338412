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
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
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
// time.Now. It is OpenWith with only Now set.
func Open(ctx context.Context, path string, now func() time.Time) (*Store, error) {
	return OpenWith(ctx, path, Options{Now: now})
}

// Options say how OpenWith opens a database.
type Options struct {
	// Now gives the time stamped on rows; nil means time.Now.
	Now func() time.Time
	// Existing opens only a database that exists and holds pbem's schema
	// (version 1 or later, which is then brought up to date); a missing or
	// empty file is ErrNoDatabase, and nothing is created. It is for pbem
	// ingest: behind an MTA, a wrong --db would otherwise create an empty
	// database, record the mail as being about no game, and report it
	// handled: the move lost without a trace. Every other command creates
	// the database on first use, as an operator setting up expects.
	Existing bool
	// BusyTimeout is how long a statement waits for a lock another
	// connection holds before failing with "database is locked"; 0 means
	// DefaultBusyTimeout.
	BusyTimeout time.Duration
	// Group, a group's name or number, opens a database this call
	// creates, and its -wal and -shm, to that group (mode 0640) besides
	// its owner; "" keeps it its owner's alone (0600). The process must
	// belong to the group, or run as root.
	Group string
	// skipMigrate opens the database at the version it has (CheckFile).
	skipMigrate bool
}

// DefaultBusyTimeout is how long a statement waits for another
// connection's lock by default.
const DefaultBusyTimeout = 10 * time.Second

// ErrNoDatabase is returned by OpenWith with Existing when there is no
// pbem database at the path.
var ErrNoDatabase = errors.New("no such database")

// OpenWith opens the database at path as o says and brings its schema up
// to date. Every error names the path.
//
// The connection runs in WAL mode (readers never wait for the writer), with
// foreign keys on, synchronous=FULL (a committed move survives a power cut),
// a busy timeout instead of immediate "database is locked" errors, and
// BEGIN IMMEDIATE for transactions, so that two writers queue rather than
// deadlock on a lock upgrade.
func OpenWith(ctx context.Context, path string, o Options) (*Store, error) {
	if o.Existing {
		// SQLite's mode=rw (see openRawWith) already refuses to create the
		// file; this says why, and refuses an empty file, which SQLite
		// would take for an empty database and journal_mode=WAL write to.
		info, err := os.Stat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("open database %s: %w: the file does not exist (check --db; pbem init creates one)", path, ErrNoDatabase)
		case err != nil:
			return nil, fmt.Errorf("open database %s: %w", path, err)
		case info.Mode().IsRegular() && info.Size() == 0:
			return nil, fmt.Errorf("open database %s: %w: the file is empty", path, ErrNoDatabase)
		}
	}
	s, err := openRawWith(path, o)
	if err != nil {
		return nil, err
	}
	if o.Existing {
		v, err := s.SchemaVersion(ctx)
		if err == nil && v == 0 {
			err = fmt.Errorf("%w: the file holds no pbem schema", ErrNoDatabase)
		}
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("open database %s: %w", path, err)
		}
	}
	if o.skipMigrate {
		return s, nil
	}
	if err := s.migrate(ctx, len(migrations)); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	return s, nil
}

// openRaw opens the database without touching its schema.
func openRaw(path string, now func() time.Time) (*Store, error) {
	return openRawWith(path, Options{Now: now})
}

// pageCacheKiB is the most SQLite keeps of the file's pages in memory, on
// each connection, in KiB: a quarter of SQLite's default (2,000 KiB). The
// pages a mail or the clock reads are the few at the top of a dozen
// B-trees and the rows they lead to, which this holds; the rest comes
// from the operating system's file cache, which the daemon's memory does
// not count and which a page read again costs a system call. SQLite's
// allocator keeps what a connection's cache once held, so the default let
// a big transaction (the outbox's daily purge: thousands of mails at
// 100,000 games) raise the daemon's resident set by 5 MiB a connection,
// for good: TestServeMemoryAtScale's daemon peaked at 48–51 MiB at start,
// 34 MiB with this.
const pageCacheKiB = 512

// maxIdleConns is how many connections the pool keeps open between
// uses, and connMaxIdle how long one unused is kept. A connection is dear
// to open: its pragmas, SQLite reading and parsing the whole schema, and
// its prepared statements lost with it. database/sql keeps two, and the
// daemon under a burst uses about six at once (four mail workers, the
// sender, the clocks, the writer), so it opened a connection for most
// mails: 5% of its CPU in BenchmarkServeLoad. Kept for a minute after a
// burst, they are closed when the daemon is quiet again.
const (
	maxIdleConns = 8
	connMaxIdle  = time.Minute
)

func openRawWith(path string, o Options) (*Store, error) {
	if path == "" || strings.ContainsRune(path, 0) {
		return nil, fmt.Errorf("open database: %q is not a usable file name", path)
	}
	gid := -1
	if o.Group != "" {
		id, err := lookupGroup(o.Group)
		if err != nil {
			return nil, fmt.Errorf("open database %s: %w", path, err)
		}
		gid = id
	}
	if !o.Existing {
		if err := createFile(path, gid, o.Group); err != nil {
			return nil, err
		}
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	busy := o.BusyTimeout
	if busy <= 0 {
		busy = DefaultBusyTimeout
	}
	dsn := fileURI(path) + fmt.Sprintf("?_pragma=busy_timeout(%d)", max(busy.Milliseconds(), 1)) +
		"&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)" +
		fmt.Sprintf("&_pragma=cache_size(-%d)", pageCacheKiB) + "&_txlock=immediate"
	if o.Existing {
		dsn += "&mode=rw" // SQLite's own: read-write, never create
	}
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	db := sql.OpenDB(connector{c})
	db.SetMaxIdleConns(maxIdleConns)
	db.SetConnMaxIdleTime(connMaxIdle)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if gid >= 0 {
		shareSideFiles(path, gid)
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
