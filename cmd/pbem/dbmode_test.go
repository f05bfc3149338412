//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
)

// fileMode is a file's permission bits and group.
func fileMode(t *testing.T, path string) (os.FileMode, int) {
	t.Helper()
	info, err := os.Stat(path)
	require.NoError(t, err)
	return info.Mode().Perm(), int(info.Sys().(*syscall.Stat_t).Gid)
}

// TestCommandsCreateOwnersOnlyFiles: pbem init, game new on a fresh
// database and backup write files readable by their owner alone, under a
// strict umask and under none at all (the binary inherits the test's:
// not parallel, for the umask is the process's); with server.db_group,
// init's database is 0640 and the group's (the process's own group, which
// any user may give its files to).
func TestCommandsCreateOwnersOnlyFiles(t *testing.T) {
	for _, umask := range []int{0o077, 0} {
		t.Run(strconv.FormatInt(int64(umask), 8), func(t *testing.T) {
			old := syscall.Umask(umask)
			defer syscall.Umask(old)
			dir := t.TempDir()
			r := pbemIn(t, dir, nil, "init")
			require.Equal(t, 0, r.code, r.stderr)
			fresh := filepath.Join(dir, "fresh.db")
			ok(t, fresh, "game", "new", "chiffres", "--bot", "A", "--bot", "B", "--seed", "1")
			backup := filepath.Join(dir, "backup.db")
			ok(t, fresh, "backup", backup)
			for _, name := range []string{filepath.Join(dir, "pbem.db"), fresh, backup} {
				mode, _ := fileMode(t, name)
				assert.Equal(t, os.FileMode(0o600), mode, name)
			}

			grouped := t.TempDir()
			gid := os.Getgid()
			r = pbemIn(t, grouped, []string{"PBEM_DB_GROUP=" + strconv.Itoa(gid)}, "init")
			require.Equal(t, 0, r.code, r.stderr)
			mode, group := fileMode(t, filepath.Join(grouped, "pbem.db"))
			assert.Equal(t, os.FileMode(0o640), mode)
			assert.Equal(t, gid, group)
		})
	}
}

// TestDoctorFileModes: doctor warns of a database every user may read,
// naming it, its mode and the chmod to run (a warning: exit 0, 1 under
// --strict), and is quiet on a 0600 one.
func TestDoctorFileModes(t *testing.T) {
	t.Parallel()
	w := newDoctorWorld(t, loopback.IMAPOptions{}, false)
	r := w.doctor(t, nil)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Regexp(t, `^ok  database files: .*pbem\.db 0600: their owner's only$`, line(r.stdout, "database files"))

	require.NoError(t, os.Chmod(w.db, 0o644))
	r = w.doctor(t, nil)
	assert.Equal(t, 0, r.code, "a warning is no failure: %s", r.stdout)
	got := line(r.stdout, "database files")
	assert.Contains(t, got, "warn  database files: "+w.db+" is 0644, open to every user")
	assert.Contains(t, got, "chmod 600 "+w.db)
	r = w.doctor(t, nil, "--strict")
	assert.Equal(t, 1, r.code, "--strict fails on the warning")
}
