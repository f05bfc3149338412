package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Settings are the server settings recorded in the database, by
// configuration key ("server.address"): what the last process that read a
// configuration was told, for the processes that are told nothing (see
// migration 0016).
func (s *Store) Settings(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT key, value FROM settings`)
	if err != nil {
		return nil, fmt.Errorf("read the recorded settings: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("read the recorded settings: %w", err)
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the recorded settings: %w", err)
	}
	return out, nil
}

// RecordSettings writes each of set, in one transaction; a key whose
// value is already recorded keeps its updated_at, so that the time tells
// when the value last changed, not when a process last started.
func (s *Store) RecordSettings(ctx context.Context, set map[string]string) error {
	now := s.stamp()
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for k, v := range set {
			_, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
				WHERE settings.value != excluded.value`, k, v, now)
			if err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record the settings: %w", err)
	}
	return nil
}
