//go:build unix

package store

import "syscall"

// freeBytes is the space an unprivileged user may still fill in dir.
func freeBytes(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}

// writableDir reports whether this user may create files in dir.
func writableDir(dir string) bool {
	return syscall.Access(dir, 0x2) == nil // W_OK
}
