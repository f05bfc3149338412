package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is returned by Backup when its file exists: a backup never
// replaces another file.
var ErrExists = errors.New("the file exists")

// Backup writes a consistent copy of the database to a new file at path,
// with SQLite's VACUUM INTO: the copy is the database as one read
// transaction sees it, so it is taken while other processes (pbem serve,
// pbem ingest) write, and holds every transaction committed before it
// began and none in part. Writers are not held up (WAL: the backup is a
// reader). The copy is compacted, in rollback-journal mode, a single file;
// it is readable by its owner only, since it holds the games' secrets.
// An existing file at path is never replaced (ErrExists).
func (s *Store) Backup(ctx context.Context, path string) error {
	// Absolute, so that SQLite cannot read the name as a file: URI.
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("back up to %s: %w", path, err)
	}
	// Created here, empty and exclusively (VACUUM INTO accepts an empty
	// file): no race with another file of that name, and the mode is ours.
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("back up to %s: %w: a backup never replaces a file; name a new one", path, ErrExists)
	}
	if err != nil {
		return fmt.Errorf("back up to %s: %w", path, err)
	}
	f.Close()
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, abs); err != nil {
		os.Remove(abs)
		return fmt.Errorf("back up %s to %s: %w", s.path, path, err)
	}
	return nil
}
