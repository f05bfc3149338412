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

// limitServeMemory sets serveMemoryLimit, unless GOMEMLIMIT is set.
func limitServeMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
}
