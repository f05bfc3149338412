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

// The reading each of those lines has its best formula in, the first of
// solve's four (result last, then first; forwards, then backwards) that
// reaches the best score: two bits a line, four lines a byte in shortIndex
// order, 146 KiB a file. Writing a short line's formula then searches that
// reading alone (shortSolution).
var (
	//go:embed bestreadings-plain.bin
	readingsPlain string
	//go:embed bestreadings-forbidden.bin
	readingsForbidden string
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

// tableReading is the reading a line of 3 to tableLineLen digits that has a
// formula has its best in: 0 to 3, bit 0 set when the result comes first,
// bit 1 when the line is read backwards.
func tableReading(line []byte, forbidden bool) (resultFirst, reversed bool) {
	t := readingsPlain
	if forbidden {
		t = readingsForbidden
	}
	i := shortIndex(line)
	r := t[i/4] >> (2 * (i % 4))
	return r&1 != 0, r&2 != 0
}
