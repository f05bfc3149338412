package picture

import (
	"strings"
	"testing"
)

// BenchmarkPNG draws each game's fullest board, as a turn mail does:
// go test ./picture -run XXX -bench PNG -count 5.
func BenchmarkPNG(b *testing.B) {
	for _, f := range fixtures(b) {
		if !strings.HasSuffix(f.name, "-full") {
			continue
		}
		d := f.diagram()
		b.Run(f.game.ID(), func(b *testing.B) {
			var size int
			for b.Loop() {
				data, err := PNG(d)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}
