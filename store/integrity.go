package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"modernc.org/sqlite"
)

// A damaged page is met by the query that reads it (ErrCorrupt), so that a
// mail whose rows are damaged is never recorded as anything; pages no query
// has read yet are found by a full check of the file (SQLite's
// quick_check, about as long as reading the file: seconds a GB), which
// pbem serve runs at its start and then every server.check_every, and
// pbem check on demand. Its last result is recorded (table db_checks) for
// pbem status and /healthz, and for serve, which does not start on a
// database its last check found damaged.

// Integrity is the result of one full check of the database.
type Integrity struct {
	At   time.Time     // when the check ended
	Took time.Duration // how long it read
	By   string        // who ran it: CheckedByServe or CheckedByCommand
	OK   bool          // SQLite found nothing wrong
	// Findings are SQLite's first findings when the database is damaged,
	// a line each: the pages and what is wrong with them.
	Findings []string
}

// Who checked the database, as Integrity.By says it.
const (
	CheckedByServe   = "serve" // at its start, or every server.check_every
	CheckedByCommand = "check" // pbem check
)

// MaxFindings is how many of SQLite's findings a check keeps: enough to
// tell one damaged page from a ruined file.
const MaxFindings = 10

// quickCheck runs PRAGMA quick_check(limit) over the whole database: every
// page of every table and index, their structure but not whether each
// index matches its table. It returns SQLite's findings, none when the
// database is sound. A check that cannot read the file at all (a damaged
// header, a file that is no database) is damage too: its error is the one
// finding. Any other error (the context done, the file locked or gone)
// means no verdict.
func quickCheck(ctx context.Context, db *sql.DB, limit int) ([]string, error) {
	rows, err := db.QueryContext(ctx, fmt.Sprintf("PRAGMA quick_check(%d)", limit))
	if err != nil {
		return damageOr(err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return damageOr(err)
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return damageOr(err)
	}
	return found, nil
}

// damageOr is the finding of a check that err stopped: err itself when
// it says the database is damaged, else no verdict and err.
func damageOr(err error) ([]string, error) {
	if !errors.Is(err, ErrCorrupt) {
		return nil, err
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return []string{se.Error()}, nil // SQLite's words alone
	}
	return []string{err.Error()}, nil
}

// CheckIntegrity checks the whole database (quick_check) on behalf of by
// and returns what it found, stamped by the store's clock; an error only
// when no verdict could be reached. It does not record the result (see
// RecordIntegrity).
func (s *Store) CheckIntegrity(ctx context.Context, by string) (Integrity, error) {
	start := time.Now()
	found, err := quickCheck(ctx, s.db, MaxFindings)
	if err != nil {
		return Integrity{}, fmt.Errorf("check database %s: %w", s.path, err)
	}
	return Integrity{At: s.now().UTC(), Took: time.Since(start), By: by, OK: len(found) == 0, Findings: found}, nil
}

// RecordIntegrity records r as the database's last check, replacing the
// one before. On a damaged database the write may meet the damage itself:
// its error then says so, and the caller has r to tell anyway.
func (s *Store) RecordIntegrity(ctx context.Context, r Integrity) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO db_checks (kind, checked_at, took_ms, by, ok, findings) VALUES ('quick_check', ?, ?, ?, ?, ?)
		ON CONFLICT (kind) DO UPDATE SET checked_at = excluded.checked_at, took_ms = excluded.took_ms, by = excluded.by,
		ok = excluded.ok, findings = excluded.findings`,
		r.At.UTC().Format(timeFormat), r.Took.Milliseconds(), r.By, r.OK, strings.Join(r.Findings, "\n"))
	if err != nil {
		return fmt.Errorf("record the database's check: %w", err)
	}
	return nil
}

// LastIntegrity is the database's last recorded check; ErrNotFound when
// none ran since the database had the table.
func (s *Store) LastIntegrity(ctx context.Context) (Integrity, error) {
	var r Integrity
	var at, findings string
	var took int64
	err := s.db.QueryRowContext(ctx, `SELECT checked_at, took_ms, by, ok, findings FROM db_checks WHERE kind = 'quick_check'`).
		Scan(&at, &took, &r.By, &r.OK, &findings)
	if errors.Is(err, sql.ErrNoRows) {
		return Integrity{}, fmt.Errorf("the database's last check: %w", ErrNotFound)
	}
	if err != nil {
		return Integrity{}, fmt.Errorf("the database's last check: %w", err)
	}
	r.At, r.Took = parseTime(at), time.Duration(took)*time.Millisecond
	if findings != "" {
		r.Findings = strings.Split(findings, "\n")
	}
	return r, nil
}

// CheckFile checks the pbem database at path (which must exist), opened
// as o says, as CheckIntegrity does on behalf of by (CheckedByCommand, or
// CheckedByServe for the daemon's checks, which it runs as pbem check in
// a process of their own), without migrating it, and records the result when
// its schema has the table: for pbem check, which must not write more to
// a database that may be damaged than its verdict. recordErr says why the
// result could not be recorded (the damage itself, a read-only file); err
// that no verdict was reached. A file SQLite cannot open as a database is
// a verdict: damaged.
func CheckFile(ctx context.Context, path, by string, o Options) (r Integrity, recordErr, err error) {
	now := o.Now
	if now == nil {
		now = time.Now
	}
	o.Existing, o.skipMigrate = true, true
	s, err := OpenWith(ctx, path, o)
	if errors.Is(err, ErrCorrupt) {
		return Integrity{At: now().UTC(), By: by, Findings: []string{err.Error()}}, nil, nil
	}
	if err != nil {
		return Integrity{}, nil, err
	}
	defer s.Close()
	if r, err = s.CheckIntegrity(ctx, by); err != nil {
		return Integrity{}, nil, err
	}
	var has int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name = 'db_checks'`).Scan(&has); err != nil {
		return r, fmt.Errorf("record the database's check: %w", err), nil
	}
	if has == 0 {
		return r, errors.New("the database's schema is older than this pbem's: its check is not recorded until a command brings it up to date"), nil
	}
	return r, s.RecordIntegrity(ctx, r), nil
}
