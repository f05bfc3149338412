//go:build unix

package store

import (
	"io/fs"
	"syscall"
)

// fileGroup is the group a file belongs to.
func fileGroup(info fs.FileInfo) (int, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Gid), true
}
