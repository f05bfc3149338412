package ludicitude

import (
	"strconv"
	"strings"

	"pbem/engine"
)

// A slide may be written with a direction instead of its second square,
// as players of Amplitude write a line: "c1 up 2" is c1-c3, and so is
// "c1 haut 2" in French. Up is towards rank 7, as the board is printed;
// the count, 1 when left out, is the number of squares. The move read is
// the same slide, and its notation stays "c1-c3".

// direction is a way a cube slides: its step in files and ranks.
type direction struct{ file, rank int }

var (
	up    = direction{0, 1}
	down  = direction{0, -1}
	left  = direction{-1, 0}
	right = direction{1, 0}
)

// directions are the direction words in English and French, folded
// (engine.Fold).
var directions = map[string]direction{
	"up": up, "down": down, "left": left, "right": right,
	"haut": up, "bas": down, "gauche": left, "droite": right,
}

// directionWords are the keys of directions, for spotting mistyped moves.
var directionWords = []string{"up", "down", "left", "right", "haut", "bas", "gauche", "droite"}

// slideToward reads what follows a slide's first square when it opens
// with a direction word: the direction, an optional count, then the rest
// (promotions). ok is false when rest opens with no direction word.
func slideToward(from Square, rest string) (to Square, after string, ok bool, err error) {
	word, after, _ := strings.Cut(rest, " ")
	d, ok := directions[word]
	if !ok {
		return NoSquare, rest, false, nil
	}
	after = strings.TrimLeft(after, " \t")
	n := 1
	if count, tail, _ := strings.Cut(after, " "); count != "" && strings.Trim(count, "0123456789") == "" {
		n, err = strconv.Atoi(count)
		if err != nil || n < 1 || n > size-1 {
			return NoSquare, "", true, engine.Refuse("a cube slides 1 to 3 squares, and %s is no such count: write a slide as c1 up 2 or c1-c3", count)
		}
		after = tail
	}
	f, r := int(from)%size+d.file*n, int(from)/size+d.rank*n
	if f < 0 || f >= size || r < 0 || r >= size {
		return NoSquare, "", true, engine.Refuse("%s %s %d leaves the board, whose squares run from a1 to g7", from, word, n)
	}
	return Square(r*size + f), after, true, nil
}
