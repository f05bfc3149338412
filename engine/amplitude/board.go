package amplitude

import (
	"strconv"
	"strings"

	"pbem/engine"
)

// size is the board's side: columns A–O, rows 1–15.
const size = 15

// centre is H8, where one end of the first pose lies.
const centre = square(7*size + 7)

// square is a board square, row*size + column, from A1 (0) to O15 (224).
type square int

func at(row, col int) square { return square(row*size + col) }

func (q square) row() int { return int(q) / size }
func (q square) col() int { return int(q) % size }

// String writes the square as players do: column letter, then row number.
func (q square) String() string {
	return string(rune('A'+q.col())) + strconv.Itoa(q.row()+1)
}

// step moves n squares along a pose's direction.
func (q square) step(down bool, n int) square {
	if down {
		return q + square(n*size)
	}
	return q + square(n)
}

// parseSquare reads "H8" or "h8".
func parseSquare(s string) (square, error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, engine.Refuse("%q is not a square: write a column A to O then a row 1 to 15, as H8", s)
	}
	c := strings.ToUpper(s[:1])[0]
	n, err := strconv.Atoi(s[1:])
	if c < 'A' || c >= 'A'+size || err != nil || n < 1 || n > size || s[1] == '+' {
		return 0, engine.Refuse("%q is not a square: write a column A to O then a row 1 to 15, as H8", s)
	}
	return at(n-1, int(c-'A')), nil
}

// board holds the tokens in play: a digit 1..9 per square, 0 when empty.
type board [size * size]byte

func (b *board) empty() bool {
	for _, d := range b {
		if d != 0 {
			return false
		}
	}
	return true
}

// occupied reports whether (row, col) is on the board and holds a token.
func (b *board) occupied(row, col int) bool {
	return row >= 0 && row < size && col >= 0 && col < size && b[at(row, col)] != 0
}

// sideNeighbour returns a token next to q across a pose running in direction
// down (that is, on either side of the line), if any.
func (b *board) sideNeighbour(q square, down bool) (square, bool) {
	r, c := q.row(), q.col()
	if down {
		for _, dc := range []int{-1, 1} {
			if b.occupied(r, c+dc) {
				return at(r, c+dc), true
			}
		}
		return 0, false
	}
	for _, dr := range []int{-1, 1} {
		if b.occupied(r+dr, c) {
			return at(r+dr, c), true
		}
	}
	return 0, false
}
