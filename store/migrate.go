package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema version: its file's SQL, applied once.
type migration struct {
	name string
	sql  string
}

// migrations are the schema versions in order: version N is migrations[N-1].
var migrations = loadMigrations()

func loadMigrations() []migration {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	out := make([]migration, len(names))
	for i, name := range names {
		data, err := migrationFiles.ReadFile(name)
		if err != nil {
			panic(err)
		}
		out[i] = migration{name: name, sql: string(data)}
	}
	return out
}

// SchemaVersion is the database's schema version (PRAGMA user_version).
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// migrate applies the migrations after the database's version, up to
// version target, each with its version bump in one transaction: a crash
// leaves the database at a version, never between two, and two processes
// opening a new database at once apply each migration once.
func (s *Store) migrate(ctx context.Context, target int) error {
	current, err := s.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if current > len(migrations) {
		return fmt.Errorf("the database has schema version %d, newer than this pbem knows (%d): use a newer pbem", current, len(migrations))
	}
	for v := current + 1; v <= target; v++ {
		m := migrations[v-1]
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			// Another process may have migrated since the version was read:
			// read it again under the write lock, which the transaction
			// holds from its start, and apply only what is still missing.
			var now int
			if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&now); err != nil {
				return err
			}
			if now >= v {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v))
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate to version %d (%s): %w", v, m.name, err)
		}
	}
	return nil
}
