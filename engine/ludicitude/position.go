package ludicitude

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"pbem/engine"
	"pbem/lang"
)

// startPosition is the start of the rules: six cubes each at level 1, White
// on b1 c1 d1 e1 f1 d2, Black on b7 c7 d7 e7 f7 d6, White to move.
const startPosition = ".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0"

// notation writes the position notation of the rules file: ranks 7 to 1
// separated by "/", "." for an empty square, "#" for the wall, a cube as
// its owner and level ("W2"), then the side to move and the reserves as
// "white/black".
func (b *board) notation() string {
	var s strings.Builder
	for r := size - 1; r >= 0; r-- {
		for f := range size {
			q := r*size + f
			switch c := b.cell[q]; {
			case q == wallSq:
				s.WriteByte('#')
			case c == 0:
				s.WriteByte('.')
			default:
				s.WriteByte("WB"[c>>2])
				s.WriteByte('0' + c&3)
			}
		}
		if r > 0 {
			s.WriteByte('/')
		}
	}
	s.WriteString(" " + string("wb"[b.side]) + " ")
	s.WriteString(strconv.Itoa(int(b.reserve[0])) + "/" + strconv.Itoa(int(b.reserve[1])))
	return s.String()
}

// positionHelp is the end of refusals of an unreadable position.
var positionHelp = lang.T("a position is written as %s", startPosition)

// parsePosition reads the position notation, case-insensitive. It checks the
// notation and the material — seven ranks of seven squares, the one wall on
// d4, levels 1 to 3, at most 12 cubes counting both reserves — but not
// whether play could reach the position: New checks that for the setup
// option. The count of quiet turns is zero.
func parsePosition(text string) (board, error) {
	var b board
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return board{}, engine.Refuse("a position has three parts, the board, the side to move and the reserves, and this one has %d: %s", len(fields), positionHelp)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != size {
		return board{}, engine.Refuse("the board has %d ranks, written from 7 down to 1 and separated by /, not %d: %s", size, len(ranks), positionHelp)
	}
	for i, text := range ranks {
		if err := b.parseRank(size-1-i, text); err != nil {
			return board{}, err
		}
	}
	switch strings.ToLower(fields[1]) {
	case "w", "white":
		b.side = 0
	case "b", "black":
		b.side = 1
	default:
		return board{}, engine.Refuse("the side to move is w or b, not %q: %s", fields[1], positionHelp)
	}
	white, black, ok := strings.Cut(fields[2], "/")
	for i, n := range []string{white, black} {
		v, err := strconv.Atoi(n)
		if !ok || err != nil || v < 0 || v > maxCubes || strings.TrimLeft(n, "0123456789") != "" {
			return board{}, engine.Refuse("the reserves are two counts 0 to %d, white/black, as 1/0, not %q", maxCubes, fields[2])
		}
		b.reserve[i] = uint8(v)
	}
	onBoard := bits.OnesCount64(b.occ[0] | b.occ[1])
	if total := onBoard + int(b.reserve[0]) + int(b.reserve[1]); total > maxCubes {
		return board{}, engine.Refuse("the game has %d cubes, and this position holds %d (%d on the board, %d and %d in the reserves)", maxCubes, total, onBoard, b.reserve[0], b.reserve[1])
	}
	b.hash = b.computeHash()
	return b, nil
}

// parseRank reads one rank of the board, rank r counted from 0.
func (b *board) parseRank(r int, text string) error {
	name := strconv.Itoa(r + 1)
	f := 0
	for i := 0; i < len(text); i++ {
		if f == size {
			return engine.Refuse("rank %s holds more than %d squares: %q", name, size, text)
		}
		q := r*size + f
		switch c := text[i] | 0x20; {
		case text[i] == '.':
			if q == wallSq {
				return engine.Refuse("d4 is the wall: write # there, not .")
			}
		case text[i] == '#':
			if q != wallSq {
				return engine.Refuse("the wall stands on d4 only, and rank %s shows one on %s", name, Square(q))
			}
		case c == 'w' || c == 'b':
			if i+1 == len(text) || text[i+1] < '1' || text[i+1] > '0'+maxLevel {
				return engine.Refuse("a cube is written as its colour and its level 1 to 3, as W1 or B3; rank %s has %q", name, text[i:min(i+2, len(text))])
			}
			if q == wallSq {
				return engine.Refuse("d4 is the wall: no cube stands there")
			}
			owner := 0
			if c == 'b' {
				owner = 1
			}
			b.put(q, owner, int(text[i+1]-'0'))
			i++
		default:
			r, _ := utf8.DecodeRuneInString(text[i:])
			return engine.Refuse("rank %s has %q, which is not a square: write . for an empty square, # for the wall, W1 to W3 or B1 to B3 for a cube", name, string(r))
		}
		f++
	}
	if f != size {
		return engine.Refuse("rank %s holds %d squares, not %d: %q", name, f, size, text)
	}
	return nil
}
