package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Check is one finding of Diagnose, in words: what was looked at, whether
// it is fine (Warning: it works, with a risk said in Detail), and what was
// found or how to fix it.
type Check struct {
	Name    string
	OK      bool
	Warning bool
	Detail  string
}

// MinFreeBytes is the free space below which Diagnose fails the disk:
// SQLite needs room for its write-ahead log and the games for their moves.
const MinFreeBytes = 64 << 20

// Diagnose looks at the database at path without changing it: that it
// opens and is sound (PRAGMA quick_check), that its schema version is this
// pbem's, and that its folder is writable and has room. It never creates
// the database nor migrates it: it is for pbem doctor, which must report
// what it finds, not repair it.
func Diagnose(ctx context.Context, path string) []Check {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return []Check{{Name: "database", Detail: fmt.Sprintf("there is no database %s: check --db, or create it with pbem init", path)}}
	case err != nil:
		return []Check{{Name: "database", Detail: fmt.Sprintf("cannot read %s: %v", path, err)}}
	case !info.Mode().IsRegular():
		return []Check{{Name: "database", Detail: fmt.Sprintf("%s is not a file: check --db", path)}}
	}
	s, err := openRawWith(path, Options{Existing: true})
	if err != nil {
		return []Check{{Name: "database", Detail: fmt.Sprintf("%v: is --db the pbem database, readable and writable by this user?", err)}}
	}
	defer s.Close()
	c := soundness(ctx, s)
	if !c.OK {
		return []Check{c}
	}
	checks := []Check{c, schemaCheck(ctx, s), diskCheck(filepath.Dir(path))}
	if checks[1].OK {
		checks = append(checks, clocksCheck(ctx, s, time.Now()))
	}
	return checks
}

// soundness runs PRAGMA quick_check: every check of integrity_check but
// the indexes' contents, in time linear in the file.
func soundness(ctx context.Context, s *Store) Check {
	c := Check{Name: "database"}
	path := s.path
	found, err := quickCheck(ctx, s.db, 100)
	switch {
	case err != nil:
		c.Detail = fmt.Sprintf("%s cannot be checked (%v): is it a SQLite database?", path, err)
		return c
	case len(found) == 0:
		c.OK, c.Detail = true, fmt.Sprintf("%s: quick_check ok", path)
		return c
	}
	if len(found) > 5 {
		found = append(found[:5], fmt.Sprintf("and %d more", len(found)-5))
	}
	c.Detail = fmt.Sprintf("%s is damaged (quick_check: %s): stop pbem serve and restore the last backup", path, strings.Join(found, "; "))
	return c
}

// SchemaVersionWanted is the schema version this pbem writes.
func SchemaVersionWanted() int { return len(migrations) }

func schemaCheck(ctx context.Context, s *Store) Check {
	c := Check{Name: "database schema"}
	v, err := s.SchemaVersion(ctx)
	want := SchemaVersionWanted()
	switch {
	case err != nil:
		c.Detail = err.Error()
	case v == want:
		c.OK, c.Detail = true, fmt.Sprintf("version %d, this pbem's", v)
	case v == 0:
		c.Detail = "the file holds no pbem schema: check --db, or create the database with pbem init"
	case v < want:
		c.Detail = fmt.Sprintf("version %d, older than this pbem's %d: any pbem command that opens it (pbem serve, pbem game list) brings it up to date; take a backup first", v, want)
	default:
		c.Detail = fmt.Sprintf("version %d, newer than this pbem's %d: a newer pbem wrote it; run that one", v, want)
	}
	return c
}

func diskCheck(dir string) Check {
	c := Check{Name: "database disk"}
	if !writableDir(dir) {
		c.Detail = fmt.Sprintf("the folder %s is not writable by this user: SQLite creates the -wal and -shm files beside the database; "+
			"give the user running pbem the folder", dir)
		return c
	}
	free, err := freeBytes(dir)
	if err != nil {
		c.Detail = fmt.Sprintf("cannot tell the free space of %s: %v", dir, err)
		return c
	}
	if free < MinFreeBytes {
		c.Detail = fmt.Sprintf("only %s free in %s: SQLite needs room for its log and the games for their moves; free some space", bytesWords(free), dir)
		return c
	}
	c.OK, c.Detail = true, fmt.Sprintf("%s free in %s", bytesWords(free), dir)
	return c
}

func bytesWords(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
