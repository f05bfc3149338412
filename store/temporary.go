package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io/fs"
	"net"
	"syscall"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Temporary reports whether err is a passing failure, one that trying the
// same thing again later may cure: the database busy or locked, the disk
// full, an I/O error, a damaged or missing database file (the operator
// restores it), a network error, a move that another process made first
// (ErrConflict), the work cut short (a cancelled context). Every other
// error — a constraint the data breaks, a bug, a mail the code cannot
// handle — is permanent: trying again would fail the same way for ever,
// so the caller records the failure and moves on instead of retrying.
//
// It reads SQLite's result codes, never error texts.
func Temporary(err error) bool {
	if err == nil {
		return false
	}
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, ErrConflict), errors.Is(err, ErrCorrupt),
		errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EIO), errors.Is(err, syscall.EDQUOT),
		errors.Is(err, fs.ErrPermission), errors.Is(err, fs.ErrNotExist):
		return true
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR,
			sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_INTERRUPT, sqlite3.SQLITE_PROTOCOL,
			sqlite3.SQLITE_READONLY, sqlite3.SQLITE_NOLFS, sqlite3.SQLITE_AUTH, sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return true
		}
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var pe *fs.PathError
	return errors.As(err, &pe)
}
