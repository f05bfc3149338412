package main

import (
	"os"
	"runtime/debug"
)

// serveMemoryLimit is the soft limit pbem serve sets on the Go runtime's
// memory, unless the operator set GOMEMLIMIT (docs/operators.md): without
// it the collector lets the heap grow to twice what is live before it
// collects, and the computer players' searches, which make garbage by the
// megabyte, would take the daemon's resident set past the 40 MiB it is
// meant to hold with 10,000 active games (e2e TestServeMemoryAtScale). The
// limit is soft: a heap that needs more gets it, collected more often.
// Measured: 16 MiB keeps that daemon at 34–38 MiB but collects so often
// that BenchmarkServeLoad falls to a third of its rate; 24 MiB costs it
// nothing measurable (142 mails/s against 152 at 32 MiB, one loaded run
// each) and holds the daemon at 36–40 MiB.
const serveMemoryLimit = 24 << 20

// serveGCPercent is the collector's target pbem serve sets, unless the
// operator set GOGC: a collection once the heap has grown by half what is
// live, not by all of it. Since the searches' tables shrank the daemon's
// live heap is about 6 MiB, under the soft limit, so this is what bounds
// its heap: measured in TestServeMemoryAtScale, 38.0–38.3 MiB at its peak
// against 38.4–39.9 MiB with Go's default of 100; BenchmarkServeLoad could
// not tell the two apart on the shared machine (57 and 38 mails/s against
// 49 and 47, alternated).
const serveGCPercent = 50

// limitServeMemory sets serveMemoryLimit and serveGCPercent, unless
// GOMEMLIMIT or GOGC say otherwise.
func limitServeMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
	}
}
