package main

import (
	"fmt"
	"testing"
)

// BenchmarkStatus is pbem status in process (open the store, gather the
// report, print it) on databases of 10, 10,000 and 100,000 games in
// production's shape: the report an operator runs at any time should
// cost the same whatever the archive holds.
func BenchmarkStatus(b *testing.B) {
	for _, games := range []int{10, 10_000, 100_000} {
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
