package main

import (
	"pbem/server/upkeep"

	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"pbem/store"
)

// childCheck is serve's full check of the database at path, run as pbem
// check --json --by serve in a process of its own, which records its
// result as serve's. Reading the whole file takes seconds a GB, in one
// read transaction while the daemon writes mail: in the daemon's own
// process that raised its resident set by about 4 MiB at 100,000 games
// (SQLite's allocator keeps what it once held), in a process of its own
// the memory is the check's alone and returned when it ends. When the
// executable cannot be started (replaced by an upgrade, say), the check
// runs in the daemon's process, by inProcess, rather than not at all.
func childCheck(path string, inProcess upkeep.Checker) upkeep.Checker {
	return func(ctx context.Context) (store.Integrity, error) {
		exe, err := os.Executable()
		if err != nil {
			return inProcess(ctx)
		}
		cmd := exec.CommandContext(ctx, exe, "--db", path, "check", "--json", "--by", store.CheckedByServe)
		var out bytes.Buffer
		errOut := &tailBuffer{max: 4 << 10}
		cmd.Stdout, cmd.Stderr = &out, errOut
		cmd.WaitDelay = 5 * time.Second
		if err := cmd.Start(); err != nil {
			return inProcess(ctx)
		}
		runErr := cmd.Wait() // exit status 1 on damage: its verdict is on stdout
		var j checkJSON
		if err := json.Unmarshal(out.Bytes(), &j); err != nil {
			return store.Integrity{}, fmt.Errorf("pbem check gave no verdict (%v): %s", runErr, strings.TrimSpace(errOut.String()))
		}
		at, err := time.Parse(time.RFC3339, j.CheckedAt)
		if err != nil {
			return store.Integrity{}, fmt.Errorf("pbem check's verdict has no time: %q", j.CheckedAt)
		}
		r := store.Integrity{At: at, Took: time.Duration(j.TookMS) * time.Millisecond, By: store.CheckedByServe, OK: j.OK}
		if len(j.Findings) > 0 {
			r.Findings = j.Findings
		}
		if !j.Recorded && r.OK {
			// As CheckDatabase: a sound result not recorded is an error, a
			// damaged one a verdict all the same.
			return r, errors.New("pbem check found the database sound but could not record it: " + strings.TrimSpace(errOut.String()))
		}
		return r, nil
	}
}

// tailBuffer keeps the last max bytes written to it: a child's standard
// error, quoted in an error without holding all of it.
type tailBuffer struct {
	buf []byte
	max int
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string { return string(b.buf) }
