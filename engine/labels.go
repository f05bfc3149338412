package engine

import "strconv"

// RowsFrom says which edge of its board a game numbers the rows from.
type RowsFrom uint8

// The two ways games number their rows.
const (
	RowsFromTop    RowsFrom = iota // row 1 at the top (Amplitude, Chiffres)
	RowsFromBottom                 // row 1 at the bottom, as chess numbers its ranks (Ludicitude)
)

// GridLabels are the labels of a board's edges, as its ASCII board prints
// them and its Diagram carries them: cols column letters from first ('A'
// or 'a') left to right, and rows row numbers top to bottom, counted from
// the edge from says. Every game's Render and Diagram take them from here,
// so the two always name the squares alike.
func GridLabels(cols, rows int, first rune, from RowsFrom) (colLabels, rowLabels []string) {
	colLabels = make([]string, cols)
	for i := range colLabels {
		colLabels[i] = string(first + rune(i))
	}
	rowLabels = make([]string, rows)
	for i := range rowLabels {
		n := i + 1
		if from == RowsFromBottom {
			n = rows - i
		}
		rowLabels[i] = strconv.Itoa(n)
	}
	return colLabels, rowLabels
}
