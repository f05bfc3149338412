package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGridLabels(t *testing.T) {
	for _, c := range []struct {
		name       string
		cols, rows int
		first      rune
		from       RowsFrom
		wantCols   []string
		wantRows   []string
	}{
		{"from the top", 3, 4, 'A', RowsFromTop, []string{"A", "B", "C"}, []string{"1", "2", "3", "4"}},
		{"from the bottom", 3, 3, 'a', RowsFromBottom, []string{"a", "b", "c"}, []string{"3", "2", "1"}},
		{"two-digit rows", 2, 12, 'A', RowsFromTop, []string{"A", "B"},
			[]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}},
		{"Amplitude's last column", 15, 1, 'A', RowsFromTop,
			[]string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"}, []string{"1"}},
		{"empty", 0, 0, 'A', RowsFromTop, []string{}, []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cols, rows := GridLabels(c.cols, c.rows, c.first, c.from)
			assert.Equal(t, c.wantCols, cols)
			assert.Equal(t, c.wantRows, rows)
		})
	}
}
