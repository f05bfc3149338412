package amplitude

import _ "embed"

// The best score of every line of up to tableLineLen digits, computed once
// by the search at build time (go generate runs TestBestTable with
// -update-table) and embedded: move generation asks about such lines more
// than any other, and a table makes a first-seen position as cheap as a
// known one, in a fresh process too, without a cache that grows with the
// games played. Each file holds one little-endian uint16 per line, in
// shortIndex order (lines of 1 and 2 digits hold 0): 1.2 MB read in place,
// never copied to the heap. Scores fit: five operands score at most 9^5.
//
//go:generate go test -run TestBestTable -update-table .

// tableLineLen is the longest line the tables cover.
const tableLineLen = 6

var (
	//go:embed bestscores-plain.bin
	tablePlain string
	//go:embed bestscores-forbidden.bin
	tableForbidden string
)

// tableScore is the best score of a line of 3 to tableLineLen digits, 0 when
// it has no formula.
func tableScore(line []byte, forbidden bool) int64 {
	t := tablePlain
	if forbidden {
		t = tableForbidden
	}
	i := 2 * shortIndex(line)
	return int64(t[i]) | int64(t[i+1])<<8
}
