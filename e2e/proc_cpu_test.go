package e2e

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// clockTick is the unit of /proc/PID/stat's CPU times (USER_HZ, 100 on
// Linux whatever the kernel's own tick).
const clockTick = 10 * time.Millisecond

// processCPU is the CPU time (user + system) process pid has used so far,
// to the clock tick, from /proc/PID/stat: a daemon's CPU over a run, as
// the difference of two readings.
func processCPU(tb testing.TB, pid int) time.Duration {
	tb.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		tb.Fatal(err)
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// counted from the last ')' on (utime and stime are fields 14 and 15).
	rest := string(data[strings.LastIndexByte(string(data), ')')+2:])
	fields := strings.Fields(rest)
	if len(fields) < 13 {
		tb.Fatalf("/proc/%d/stat: %q", pid, data)
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			tb.Fatalf("/proc/%d/stat: %q", pid, data)
		}
		ticks += n
	}
	return time.Duration(ticks) * clockTick
}
