package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Heartbeat is what a running daemon last said of itself: pbem status
// reads it to tell whether serve runs and how its IMAP connection is, from
// another process that cannot ask the daemon.
type Heartbeat struct {
	Name      string // "serve"
	PID       int
	StartedAt time.Time
	BeatAt    time.Time // the last beat; a stale one means the daemon stopped
	IMAP      string    // the IMAP connection's state: connected, connecting, idle, polling, down, off, or stopped (a daemon's last beat; LastError then says what stopped it, "" after a signal)
	LastError string    // the last error met, in words; "" when none
}

// Beat writes h, replacing the daemon's earlier beat.
func (s *Store) Beat(ctx context.Context, h Heartbeat) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO heartbeat (name, pid, started_at, beat_at, imap, last_error) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET pid = excluded.pid, started_at = excluded.started_at, beat_at = excluded.beat_at,
		imap = excluded.imap, last_error = excluded.last_error`,
		h.Name, h.PID, h.StartedAt.UTC().Format(timeFormat), h.BeatAt.UTC().Format(timeFormat), h.IMAP, h.LastError)
	if err != nil {
		return fmt.Errorf("heartbeat of %s: %w", h.Name, err)
	}
	return nil
}

// LastBeat is the last heartbeat of the daemon name; ErrNotFound when it
// never ran on this database.
func (s *Store) LastBeat(ctx context.Context, name string) (Heartbeat, error) {
	h := Heartbeat{Name: name}
	var started, beat string
	err := s.db.QueryRowContext(ctx, `SELECT pid, started_at, beat_at, imap, last_error FROM heartbeat WHERE name = ?`, name).
		Scan(&h.PID, &started, &beat, &h.IMAP, &h.LastError)
	if errors.Is(err, sql.ErrNoRows) {
		return Heartbeat{}, fmt.Errorf("heartbeat of %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return Heartbeat{}, fmt.Errorf("heartbeat of %s: %w", name, err)
	}
	h.StartedAt = nullTime(sql.NullString{String: started, Valid: true})
	h.BeatAt = nullTime(sql.NullString{String: beat, Valid: true})
	return h, nil
}
