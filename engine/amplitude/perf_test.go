package amplitude

import (
	"runtime"
	"testing"
	"unsafe"

	"pbem/engine"
)

// hardLines11 are the slowest bare 11-digit lines found for the best-formula
// search among 150 random ones (89889439832 is the one issue 15 measured at
// 0.84 s), and the two slowest for the plain search among 300 more. Only without the forbidden patterns: 11 digits hold two pairs or
// three equal digits, which that rule refuses before any search.
var hardLines11 = []string{"89889439832", "68798998789", "98778899886", "55797583554", "98778787867", "87589578556", "95877685557"}

// BenchmarkAmplitudeBestFormula11 is the cost of the best formula for a bare
// 11-digit line in a process whose caches are empty.
func BenchmarkAmplitudeBestFormula11(b *testing.B) {
	for _, s := range hardLines11 {
		line := digitsOf(s)
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				resetCaches()
				b.StartTimer()
				bestSolution(line, false)
			}
		})
	}
}

// BenchmarkAmplitudeBotGameHeap plays a game between computer players from
// empty caches and reports what the engine keeps live afterwards: live-MB is
// the heap it grew by, held-MB adds what it holds outside the heap (the
// embedded tables, the fixed arrays of the line caches).
func BenchmarkAmplitudeBotGameHeap(b *testing.B) {
	for _, opts := range []engine.Options{nil, {"forbidden": "on"}} {
		name := "plain"
		if opts != nil {
			name = "forbidden"
		}
		b.Run(name, func(b *testing.B) {
			var live float64
			for b.Loop() {
				b.StopTimer()
				resetCaches()
				before := liveHeap()
				b.StartTimer()
				playOut(b, opts, 1, 2)
				b.StopTimer()
				live = float64(liveHeap()-before) / (1 << 20)
				b.StartTimer()
			}
			b.ReportMetric(live, "live-MB")
			b.ReportMetric(live+fixedMB(), "held-MB")
		})
	}
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// fixedMB is the memory the engine holds outside the heap whatever was
// played: both embedded tables (read-only, paged in as used) and both line
// caches.
func fixedMB() float64 {
	return float64(len(tablePlain)+len(tableForbidden)+2*int(unsafe.Sizeof(bestPlain))) / (1 << 20)
}
