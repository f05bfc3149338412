//go:build unix

package store

import (
	"context"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withUmask sets the process's umask for the test (which must not be
// parallel: the umask is the process's), and restores it after.
func withUmask(t *testing.T, mask int) {
	old := syscall.Umask(mask)
	t.Cleanup(func() { syscall.Umask(old) })
}

// modeAndGroup are a file's permission bits and group.
func modeAndGroup(t *testing.T, path string) (os.FileMode, int) {
	t.Helper()
	info, err := os.Stat(path)
	require.NoError(t, err)
	return info.Mode().Perm(), int(info.Sys().(*syscall.Stat_t).Gid)
}

// TestNewDatabaseFileModes: a database the store creates, its -wal and
// -shm after a write, and a backup, are 0600 whatever the umask (a strict
// one, and none at all); with a group, 0640 and that group's, the group
// named by its number or its name.
func TestNewDatabaseFileModes(t *testing.T) {
	ctx := context.Background()
	gid := os.Getgid()
	g, err := user.LookupGroupId(strconv.Itoa(gid))
	require.NoError(t, err)
	for _, c := range []struct {
		name  string
		umask int
		group string
		mode  os.FileMode
	}{
		{"umask 077", 0o077, "", 0o600},
		{"umask 0", 0, "", 0o600},
		{"group by number, umask 077", 0o077, strconv.Itoa(gid), 0o640},
		{"group by name, umask 0", 0, g.Name, 0o640},
	} {
		t.Run(c.name, func(t *testing.T) {
			withUmask(t, c.umask)
			path := filepath.Join(t.TempDir(), "pbem.db")
			s, err := OpenWith(ctx, path, Options{Group: c.group})
			require.NoError(t, err)
			defer s.Close()
			_, err = s.CreateGame(ctx, sampleGame())
			require.NoError(t, err)
			for _, name := range []string{path, path + "-wal", path + "-shm"} {
				mode, group := modeAndGroup(t, name)
				assert.Equal(t, c.mode, mode, name)
				assert.Equal(t, gid, group, name)
			}
			backup := filepath.Join(t.TempDir(), "backup.db")
			require.NoError(t, s.Backup(ctx, backup))
			mode, _ := modeAndGroup(t, backup)
			assert.Equal(t, os.FileMode(0o600), mode, "a backup is its owner's alone")
		})
	}
}

// TestExistingDatabaseModeKept: opening a database leaves its mode as the
// operator set it.
func TestExistingDatabaseModeKept(t *testing.T) {
	_, path := openTemp(t)
	require.NoError(t, os.Chmod(path, 0o640))
	s, err := Open(context.Background(), path, nil)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	mode, _ := modeAndGroup(t, path)
	assert.Equal(t, os.FileMode(0o640), mode)
}

// TestDatabaseGroupRefused: a group that does not exist, or that the
// process may not give its files to, creates nothing and says so.
func TestDatabaseGroupRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	_, err := OpenWith(context.Background(), path, Options{Group: "no-such-group-pbem"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `the database group "no-such-group-pbem"`)
	assert.NoFileExists(t, path)

	if os.Geteuid() == 0 {
		t.Skip("root may give its files to any group")
	}
	other := -1
	mine, err := os.Getgroups()
	require.NoError(t, err)
	for _, gid := range []int{0, 1, 2, 3, 4} {
		member := gid == os.Getgid()
		for _, m := range mine {
			member = member || m == gid
		}
		if !member {
			other = gid
			break
		}
	}
	if other < 0 {
		t.Skip("this user belongs to every low-numbered group")
	}
	_, err = OpenWith(context.Background(), path, Options{Group: strconv.Itoa(other)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a process may give its files only to a group it belongs to, unless it runs as root")
	assert.NoFileExists(t, path)
}

// TestFileModes: pbem doctor's check of the modes warns, with the chmod to
// run, when the database or a side file is open to every user, or to a
// group other than server.db_group, and when the folder is writable by
// all; it is quiet on 0600, and on 0640 of the configured group.
func TestFileModes(t *testing.T) {
	gid := strconv.Itoa(os.Getgid())
	for _, c := range []struct {
		name       string
		db, wal    os.FileMode // 0: no -wal
		dir        os.FileMode
		group      string
		warn       bool
		words, fix string
	}{
		{"owner's only", 0o600, 0o600, 0o700, "", false, "pbem.db 0600, DB-wal 0600: their owner's only", ""},
		{"readable by all", 0o644, 0, 0o700, "", true, "pbem.db is 0644, open to every user", "chmod 600 DB"},
		{"readable by all, a group configured", 0o644, 0, 0o700, gid, true, "open to every user", "chgrp " + gid + " DB && chmod 640 DB"},
		{"group-readable, no group configured", 0o640, 0, 0o700, "", true, "pbem.db is 0640, open to its group", "chmod 600 DB"},
		{"group-readable, the group configured", 0o640, 0o640, 0o750, gid, false, "their owner's, and group " + gid + "'s", ""},
		{"the -wal readable by all", 0o600, 0o644, 0o700, "", true, "pbem.db-wal is 0644, open to every user", "chmod 600 DB-wal"},
		{"the folder writable by all", 0o600, 0, 0o777, "", true, "is 0777: every user may replace the files", "chmod o-w DIR"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "db")
			require.NoError(t, os.Mkdir(dir, 0o700))
			db := filepath.Join(dir, "pbem.db")
			require.NoError(t, os.WriteFile(db, nil, 0o600))
			require.NoError(t, os.Chmod(db, c.db))
			if c.wal != 0 {
				require.NoError(t, os.WriteFile(db+"-wal", nil, 0o600))
				require.NoError(t, os.Chmod(db+"-wal", c.wal))
			}
			require.NoError(t, os.Chmod(dir, c.dir))
			checks := FileModes(db, c.group)
			require.Len(t, checks, 1)
			got := checks[0]
			assert.Equal(t, "database files", got.Name)
			assert.True(t, got.OK)
			assert.Equal(t, c.warn, got.Warning, got.Detail)
			r := strings.NewReplacer("DB", db, "DIR", dir)
			assert.Contains(t, got.Detail, r.Replace(c.words))
			assert.Contains(t, got.Detail, r.Replace(c.fix))
		})
	}
	assert.Empty(t, FileModes(filepath.Join(t.TempDir(), "absent.db"), ""), "no database, no check")
}
