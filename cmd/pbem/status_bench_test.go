package main

import (
	"fmt"
	"testing"
)

// BenchmarkStatus is pbem status in process (open the store, gather the
// report, print it) on a database of 10 games and one of 100,000 in
// production's shape: the report an operator runs at any time should
// cost the same whatever the archive holds.
func BenchmarkStatus(b *testing.B) {
	for _, games := range []int{10, 100_000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			path := scaleDB(b, games)
			b.Setenv("PBEM_ADDRESS", scaleAddress)
			reg := registry()
			for b.Loop() {
				if _, err := runInProcess(reg, "--db", path, "status"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
