package lang

import "testing"

// BenchmarkTranslation is one lookup of a sentence's translation, as every
// sentence rendered makes, from goroutines at once as the daemon's do.
func BenchmarkTranslation(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, ok := Translation(French, "left"); !ok {
				b.Fatal("no translation")
			}
		}
	})
}
