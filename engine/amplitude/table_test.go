package amplitude

import (
	"bytes"
	"encoding/binary"
	"flag"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateTable = flag.Bool("update-table", false, "recompute the embedded tables of best scores (a few minutes)")

// TestBestTable checks the embedded tables against the search on every line
// of 3 and 4 digits and a random sample of longer ones, in both modes. With
// -update-table it first recomputes them whole (go generate).
func TestBestTable(t *testing.T) {
	if *updateTable {
		writeTables(t)
		t.Skip("tables written; the test binary embeds the former ones: run again to check the new")
	}
	rng := rand.New(rand.NewPCG(15, 15))
	for _, forbidden := range []bool{false, true} {
		var lines [][]byte
		eachLine(3, func(l []byte) { lines = append(lines, l) })
		eachLine(4, func(l []byte) { lines = append(lines, l) })
		for range 300 {
			lines = append(lines, randomLine(rng, 5), randomLine(rng, 6))
		}
		for _, line := range lines {
			sol, ok := solve(line, forbidden, false)
			require.Equal(t, sol.score, tableScore(line, forbidden), "%s forbidden=%v", digitString(line), forbidden)
			if ok {
				rf, rev := tableReading(line, forbidden)
				require.Equal(t, [2]bool{sol.resultFirst, sol.reversed}, [2]bool{rf, rev}, "%s forbidden=%v", digitString(line), forbidden)
			}
		}
	}
}

func TestBestTableSize(t *testing.T) {
	for _, table := range []string{tablePlain, tableForbidden} {
		assert.Len(t, table, 2*shortCount(tableLineLen))
	}
	for _, table := range []string{readingsPlain, readingsForbidden} {
		assert.Len(t, table, (shortCount(tableLineLen)+3)/4)
	}
}

// eachLine calls fn with a fresh copy of every line of n digits.
func eachLine(n int, fn func([]byte)) {
	line := bytes.Repeat([]byte{1}, n)
	for {
		fn(bytes.Clone(line))
		j := n - 1
		for j >= 0 && line[j] == 9 {
			line[j] = 1
			j--
		}
		if j < 0 {
			return
		}
		line[j]++
	}
}

func writeTables(t *testing.T) {
	var wg sync.WaitGroup
	for _, forbidden := range []bool{false, true} {
		wg.Go(func() {
			scores := make([]uint16, shortCount(tableLineLen))
			readings := make([]byte, (len(scores)+3)/4)
			for n := 3; n <= tableLineLen; n++ {
				eachLine(n, func(line []byte) {
					sol, _ := solve(line, forbidden, false)
					if sol.score > 1<<16-1 {
						panic("amplitude: a best score does not fit the table's 16 bits")
					}
					i := shortIndex(line)
					scores[i] = uint16(sol.score)
					var r byte
					if sol.resultFirst {
						r |= 1
					}
					if sol.reversed {
						r |= 2
					}
					readings[i/4] |= r << (2 * (i % 4))
				})
			}
			raw := make([]byte, 2*len(scores))
			for i, s := range scores {
				binary.LittleEndian.PutUint16(raw[2*i:], s)
			}
			mode := "plain"
			if forbidden {
				mode = "forbidden"
			}
			require.NoError(t, os.WriteFile("bestscores-"+mode+".bin", raw, 0o644))
			require.NoError(t, os.WriteFile("bestreadings-"+mode+".bin", readings, 0o644))
		})
	}
	wg.Wait()
}
