package amplitude

import (
	"fmt"
	"math/rand/v2"
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
// played: the embedded tables (read-only, paged in as used) and both line
// caches.
func fixedMB() float64 {
	tables := len(tablePlain) + len(tableForbidden) + len(readingsPlain) + len(readingsForbidden)
	return float64(tables+2*int(unsafe.Sizeof(bestPlain))) / (1 << 20)
}

// BenchmarkAmplitudeBestFormula is the judge's answer for a bare line of 4,
// 5 or 6 digits, as a digits-only pose asks it, in both rule variants: a
// different line each iteration, drawn from a seeded list of up to 100,000
// distinct lines (every line the variant allows, when fewer), so that what
// it measures is a line met for the first time.
func BenchmarkAmplitudeBestFormula(b *testing.B) {
	for _, n := range []int{4, 5, 6} {
		for _, forbidden := range []bool{false, true} {
			lines := distinctLines(n, forbidden, 100_000)
			name := fmt.Sprintf("digits=%d/plain", n)
			if forbidden {
				name = fmt.Sprintf("digits=%d/forbidden", n)
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					if _, _, _, err := BestFormula(lines[i%len(lines)], forbidden); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}

// distinctLines draws up to count distinct lines of n digits, in a seeded
// random order, keeping only those the forbidden-patterns rule allows when
// forbidden is set (the others are refused before any search).
func distinctLines(n int, forbidden bool, count int) []string {
	var all []string
	eachLine(n, func(l []byte) {
		if !forbidden || forbiddenLine(l).IsZero() {
			all = append(all, digitString(l))
		}
	})
	rng := rand.New(rand.NewPCG(26, 5))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(count, len(all))]
}
