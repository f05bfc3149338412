package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
)

// The database holds every game's secrets: the reply tokens are HMACs
// under keys it keeps. So a new database is its owner's alone, mode 0600
// whatever the umask, or its owner's and one group's (0640) when the
// operator names a group; SQLite creates the -wal and -shm with the
// database's mode. FileModes, for pbem doctor, says when the files are
// open to more.

// sideFiles are the files SQLite keeps beside the database in WAL mode.
var sideFiles = []string{"-wal", "-shm"}

// lookupGroup is the ID of group, a group's name or number.
func lookupGroup(group string) (int, error) {
	if gid, err := strconv.Atoi(group); err == nil && gid >= 0 {
		return gid, nil
	}
	g, err := user.LookupGroup(group)
	if err != nil {
		return 0, fmt.Errorf("the database group %q: %w", group, err)
	}
	gid, err := strconv.Atoi(g.Gid)
	if err != nil {
		return 0, fmt.Errorf("the database group %q: groups are not numbered on this system", group)
	}
	return gid, nil
}

// createFile creates the database file at path, empty, when there is
// none: mode 0600, or 0640 with group gid (named group) when gid >= 0,
// whatever the umask. SQLite then opens it as a new database. An existing
// file is left as it is.
func createFile(path string, gid int, group string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("create database %s: %w", path, err)
	}
	mode := fs.FileMode(0o600)
	if gid >= 0 {
		mode = 0o640
		if err := f.Chown(-1, gid); err != nil {
			f.Close()
			os.Remove(path)
			return fmt.Errorf("create database %s: give it to group %s (server.db_group): %w: "+
				"a process may give its files only to a group it belongs to, unless it runs as root", path, group, err)
		}
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("create database %s: %w", path, err)
	}
	return f.Close()
}

// shareSideFiles gives the -wal and -shm beside the database at path to
// group gid, as SQLite gives them the database's mode: where this process
// may (it owns them, and belongs to the group); FileModes tells the rest.
func shareSideFiles(path string, gid int) {
	for _, suffix := range sideFiles {
		os.Lchown(path+suffix, -1, gid)
	}
}

// FileModes checks, for pbem doctor, that the database at path and its
// -wal and -shm (those present) are open to no one but their owner and
// group, a group that must be group (a name or number; "" for none), and
// that their folder is not writable by every user. It is a warning, with
// the commands to run, when they are; no check when there is no database.
func FileModes(path, group string) []Check {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	c := Check{Name: "database files", OK: true}
	gid := -1
	if group != "" {
		id, err := lookupGroup(group)
		if err != nil {
			c.Warning, c.Detail = true, err.Error()+": check server.db_group"
			return []Check{c}
		}
		gid = id
	}
	var seen, open, problems, fixes []string
	for _, name := range []string{path, path + sideFiles[0], path + sideFiles[1]} {
		info, err := os.Stat(name)
		if err != nil {
			continue
		}
		perm := info.Mode().Perm()
		seen = append(seen, fmt.Sprintf("%s %04o", name, perm))
		fileGid, known := fileGroup(info)
		switch {
		case !known:
			continue
		case perm&0o007 != 0:
			problems = append(problems, fmt.Sprintf("%s is %04o, open to every user", name, perm))
		case perm&0o070 != 0 && fileGid != gid:
			problems = append(problems, fmt.Sprintf("%s is %04o, open to its group %s", name, perm, groupName(fileGid)))
		default:
			continue
		}
		open = append(open, name)
	}
	if len(open) > 0 {
		files := strings.Join(open, " ")
		if gid >= 0 {
			fixes = append(fixes, fmt.Sprintf("chgrp %s %s && chmod 640 %s", group, files, files))
		} else {
			fixes = append(fixes, "chmod 600 "+files)
		}
	}
	dir := filepath.Dir(path)
	if info, err := os.Stat(dir); err == nil && info.Mode().Perm()&0o002 != 0 {
		problems = append(problems, fmt.Sprintf("its folder %s is %04o: every user may replace the files", dir, info.Mode().Perm()))
		fixes = append(fixes, "chmod o-w "+dir)
	}
	switch {
	case len(problems) > 0:
		c.Warning = true
		c.Detail = strings.Join(problems, "; ") + ", and the database holds every game's secret: " + strings.Join(fixes, "; ")
	case gid >= 0:
		c.Detail = strings.Join(seen, ", ") + ": their owner's, and group " + group + "'s"
	default:
		c.Detail = strings.Join(seen, ", ") + ": their owner's only"
	}
	return []Check{c}
}

// groupName is a group's name, its number when it has none.
func groupName(gid int) string {
	if g, err := user.LookupGroupId(strconv.Itoa(gid)); err == nil {
		return g.Name
	}
	return strconv.Itoa(gid)
}
