package chiffres

import (
	"strconv"
	"strings"

	"pbem/engine"
)

// size is the board's side: columns A–I, rows 1–9.
const size = 9

// cells is the number of squares on the board.
const cells = size * size

// Square is a board square, numbered row by row: A1 is 0, I1 is 8, E5 (the
// default centre) is 40, I9 is 80. Its String is the players' notation.
type Square int8

func at(row, col int) Square { return Square(row*size + col) }

// Row is the square's row, 0 for row 1.
func (q Square) Row() int { return int(q) / size }

// Col is the square's column, 0 for column A.
func (q Square) Col() int { return int(q) % size }

func (q Square) valid() bool { return q >= 0 && q < cells }

// String writes the square as players do: column letter, then row, as "F4".
func (q Square) String() string {
	if !q.valid() {
		return "square(" + strconv.Itoa(int(q)) + ")"
	}
	return string(rune('A'+q.Col())) + strconv.Itoa(q.Row()+1)
}

// MarshalText stores a square in its notation, so that archives read "F4".
func (q Square) MarshalText() ([]byte, error) { return []byte(q.String()), nil }

// UnmarshalText reads a square stored by MarshalText.
func (q *Square) UnmarshalText(text []byte) error {
	sq, err := ParseSquare(string(text))
	if err != nil {
		return err
	}
	*q = sq
	return nil
}

// ParseSquare reads a square as players write it: a column letter A–I and a
// row 1–9, in either case ("F4", "f4").
func ParseSquare(s string) (Square, error) {
	if !looksLikeSquare(s) {
		return 0, engine.Refuse("%q is not a square: a square is a column A to I and a row 1 to 9, as F4", s)
	}
	col := int(s[0]|0x20) - 'a'
	row, err := strconv.Atoi(s[1:])
	if err != nil || col >= size || row < 1 || row > size {
		return 0, engine.Refuse("%s is off the board, which runs from A1 to I9", strings.ToUpper(s))
	}
	return at(row-1, col), nil
}

// looksLikeSquare reports whether s is a letter then digits, as a player
// writes a square, on the board or not.
func looksLikeSquare(s string) bool {
	if len(s) < 2 || len(s) > 4 {
		return false
	}
	if l := s[0] | 0x20; l < 'a' || l > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// neighbours lists each square's orthogonal neighbours on the board, worked
// out once: the move generator asks for them on every empty square.
var neighbours = func() (n [cells][]Square) {
	for q := range Square(cells) {
		r, c := q.Row(), q.Col()
		for _, d := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
			if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < size && cc >= 0 && cc < size {
				n[q] = append(n[q], at(rr, cc))
			}
		}
	}
	return n
}()

// Mark is what a square bears besides its digit.
type Mark int8

// The marks of a square.
const (
	Plain Mark = iota // no mark
	Bonus             // K: a token laid there earns 10 more
	Malus             // ±: a token laid there earns 10 less
)

// Layout is a board as printed: a digit on every square but the centre, the
// square of the first token, which takes any digit; and the K and ± marks.
// A layout never changes once parsed, so states share it.
type Layout struct {
	printed [cells]int8 // the printed digit, -1 on the centre
	marks   [cells]Mark
	centre  Square
}

// DefaultLayoutText is the default board of shared/rules/chiffres.md in the
// board option's format (see ParseLayout).
const DefaultLayoutText = "314752096/62K547893K0/18059-7423/732109568/948-6*32-01/" +
	"063985174/27981-6345/45K602178K9/801234657"

// defaultLayout is shared by every game on the default board.
var defaultLayout = func() *Layout {
	l, err := parseLayout(DefaultLayoutText)
	if err != nil {
		panic("chiffres: the default board does not parse: " + err.Error())
	}
	return l
}()

// DefaultLayout is the board of shared/rules/chiffres.md: each digit
// printed 8 times and never twice in a row or column, the centre E5 with
// 0 3 8 6 around it, K on B2 H2 B8 H8 and ± on E3 C5 G5 E7.
func DefaultLayout() *Layout { return defaultLayout }

// ParseLayout reads a board in the one-line form the board option takes:
// nine rows, top (row 1) first, separated by "/" (or line breaks); each row
// nine squares left (A) to right (I), each a printed digit 0–9 or "*" for
// the centre (exactly one); a digit may be followed by "K" (bonus square)
// or "-" (or "±", malus square). Spaces are ignored. The default board is
//
//	314752096/62K547893K0/18059-7423/732109568/948-6*32-01/063985174/27981-6345/45K602178K9/801234657
//
// The centre may stand on any square. An empty text, or "default", is the
// default board. Refusals say which row is wrong and how.
func ParseLayout(text string) (*Layout, error) {
	t := strings.TrimSpace(text)
	if t == "" || strings.EqualFold(t, "default") {
		return defaultLayout, nil
	}
	l, err := parseLayout(t)
	if err != nil {
		return nil, err
	}
	if *l == *defaultLayout {
		return defaultLayout, nil
	}
	return l, nil
}

// parseLayout is ParseLayout without the default board's short forms.
func parseLayout(t string) (*Layout, error) {
	rows := strings.FieldsFunc(t, func(r rune) bool { return r == '/' || r == '\n' || r == '\r' })
	if len(rows) != size {
		return nil, engine.Refuse("the board has %d rows; it needs %d, separated by /, as %s", len(rows), size, DefaultLayoutText)
	}
	l := &Layout{centre: -1}
	for r, row := range rows {
		col := 0
		for _, ch := range row {
			switch {
			case ch == ' ' || ch == '\t':
				continue
			case ch >= '0' && ch <= '9' || ch == '*':
				if col == size {
					return nil, engine.Refuse("row %d of the board has more than %d squares", r+1, size)
				}
				q := at(r, col)
				l.printed[q] = int8(ch - '0')
				if ch == '*' {
					if l.centre >= 0 {
						return nil, engine.Refuse("the board has two centres, %s and %s: only one square may be *", l.centre, q)
					}
					l.printed[q], l.centre = -1, q
				}
				col++
			case ch == 'K' || ch == 'k' || ch == '-' || ch == '±':
				if col == 0 {
					return nil, engine.Refuse("row %d of the board starts with %q: a mark follows the digit of its square, as 2K or 9-", r+1, string(ch))
				}
				q := at(r, col-1)
				switch {
				case q == l.centre:
					return nil, engine.Refuse("the centre %s bears no K or ± mark", q)
				case l.marks[q] != Plain:
					return nil, engine.Refuse("%s bears two marks: a square is plain, K or ±", q)
				}
				l.marks[q] = Bonus
				if ch == '-' || ch == '±' {
					l.marks[q] = Malus
				}
			default:
				return nil, engine.Refuse("%q in row %d of the board is not a digit, *, K or -", string(ch), r+1)
			}
		}
		if col != size {
			return nil, engine.Refuse("row %d of the board has %d squares; it needs %d", r+1, col, size)
		}
	}
	if l.centre < 0 {
		return nil, engine.Refuse("the board has no centre: mark the square of the first token with *")
	}
	return l, nil
}

// String writes the layout in ParseLayout's form.
func (l *Layout) String() string {
	var b strings.Builder
	for q := range Square(cells) {
		if q > 0 && q.Col() == 0 {
			b.WriteByte('/')
		}
		if q == l.centre {
			b.WriteByte('*')
			continue
		}
		b.WriteByte('0' + byte(l.printed[q]))
		switch l.marks[q] {
		case Bonus:
			b.WriteByte('K')
		case Malus:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// Printed is the digit printed on q, and false for the centre, which bears
// none.
func (l *Layout) Printed(q Square) (int, bool) {
	if q == l.centre {
		return 0, false
	}
	return int(l.printed[q]), true
}

// Mark is what q bears besides its digit.
func (l *Layout) Mark(q Square) Mark { return l.marks[q] }

// Centre is the square of the first token.
func (l *Layout) Centre() Square { return l.centre }
