package chiffres

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// rulesBoard is the default board as shared/rules/chiffres.md prints it.
const rulesBoard = `
     A B C D E F G H I
 1   3 1 4 7 5 2 0 9 6
 2   6 2 5 4 7 8 9 3 0
 3   1 8 0 5 9 7 4 2 3
 4   7 3 2 1 0 9 5 6 8
 5   9 4 8 6 * 3 2 0 1
 6   0 6 3 9 8 5 1 7 4
 7   2 7 9 8 1 6 3 4 5
 8   4 5 6 0 2 1 7 8 9
 9   8 0 1 2 3 4 6 5 7
`

func sq(t testing.TB, s string) Square {
	t.Helper()
	q, err := ParseSquare(s)
	require.NoError(t, err)
	return q
}

func TestDefaultLayoutIsTheRulesBoard(t *testing.T) {
	l := DefaultLayout()
	lines := strings.Split(strings.TrimSpace(rulesBoard), "\n")[1:]
	require.Len(t, lines, size)
	for r, line := range lines {
		fields := strings.Fields(line)[1:]
		require.Len(t, fields, size)
		for c, f := range fields {
			d, printed := l.Printed(at(r, c))
			if f == "*" {
				assert.False(t, printed, "%s", at(r, c))
				assert.Equal(t, at(r, c), l.Centre())
				continue
			}
			assert.True(t, printed)
			assert.Equal(t, int(f[0]-'0'), d, "%s", at(r, c))
		}
	}
	assert.Equal(t, "E5", l.Centre().String())
	var bonus, malus []string
	for q := range Square(cells) {
		switch l.Mark(q) {
		case Bonus:
			bonus = append(bonus, q.String())
		case Malus:
			malus = append(malus, q.String())
		}
	}
	assert.ElementsMatch(t, []string{"B2", "H2", "B8", "H8"}, bonus)
	assert.ElementsMatch(t, []string{"E3", "C5", "G5", "E7"}, malus)
	assert.Equal(t, DefaultLayoutText, l.String())
}

func TestDefaultLayoutProperties(t *testing.T) {
	l := DefaultLayout()
	var count [10]int
	for r := range size {
		var inRow, inCol [10]bool
		for c := range size {
			if d, ok := l.Printed(at(r, c)); ok {
				count[d]++
				assert.False(t, inRow[d], "%d twice in row %d", d, r+1)
				inRow[d] = true
			}
			if d, ok := l.Printed(at(c, r)); ok {
				assert.False(t, inCol[d], "%d twice in column %c", d, 'A'+r)
				inCol[d] = true
			}
		}
	}
	for d, n := range count {
		assert.Equal(t, 8, n, "digit %d", d)
	}
	var around []int
	for _, n := range neighbours[l.Centre()] { // above, right, below, left
		d, _ := l.Printed(n)
		around = append(around, d)
	}
	assert.Equal(t, []int{0, 3, 8, 6}, around)
}

func TestNeighbours(t *testing.T) {
	assert.Equal(t, []Square{sq(t, "B1"), sq(t, "A2")}, neighbours[sq(t, "A1")])
	assert.Equal(t, []Square{sq(t, "I8"), sq(t, "H9")}, neighbours[sq(t, "I9")])
	assert.Equal(t, []Square{sq(t, "E4"), sq(t, "F5"), sq(t, "E6"), sq(t, "D5")}, neighbours[sq(t, "E5")])
	assert.Len(t, neighbours[sq(t, "A5")], 3)
}

func TestParseLayout(t *testing.T) {
	for _, text := range []string{"", "default", " Default ", DefaultLayoutText,
		strings.ReplaceAll(strings.ReplaceAll(DefaultLayoutText, "/", "\n"), "-", "±"),
		"3 1 4 7 5 2 0 9 6 / 6 2k 5 4 7 8 9 3K 0 / 1 8 0 5 9- 7 4 2 3 / 7 3 2 1 0 9 5 6 8 / 9 4 8- 6 * 3 2- 0 1 /" +
			" 0 6 3 9 8 5 1 7 4 / 2 7 9 8 1- 6 3 4 5 / 4 5K 6 0 2 1 7 8K 9 / 8 0 1 2 3 4 6 5 7",
	} {
		l, err := ParseLayout(text)
		require.NoError(t, err, text)
		assert.Same(t, DefaultLayout(), l, text)
	}
	other := "*11111111/111111111/111111111/111111111/11111K1111/111111111/111111111/111111111/1-11111112"
	l, err := ParseLayout(other)
	require.NoError(t, err)
	assert.Equal(t, "A1", l.Centre().String())
	assert.Equal(t, Bonus, l.Mark(sq(t, "E5")))
	assert.Equal(t, Malus, l.Mark(sq(t, "A9")))
	d, _ := l.Printed(sq(t, "I9"))
	assert.Equal(t, 2, d)
	again, err := ParseLayout(l.String())
	require.NoError(t, err)
	assert.Equal(t, l, again)
}

func TestParseLayoutRefusals(t *testing.T) {
	rows := strings.Split(DefaultLayoutText, "/")
	with := func(r int, row string) string {
		c := append([]string(nil), rows...)
		c[r] = row
		return strings.Join(c, "/")
	}
	for _, c := range []struct{ text, want string }{
		{strings.Join(rows[:8], "/"), "the board has 8 rows; it needs 9"},
		{DefaultLayoutText + "/123456789", "the board has 10 rows"},
		{with(0, "31475209"), "row 1 of the board has 8 squares; it needs 9"},
		{with(0, "3147520961"), "row 1 of the board has more than 9 squares"},
		{with(4, "948-6532-01"), "the board has no centre"},
		{with(0, "*14752096"), "the board has two centres, A1 and E5"},
		{with(1, "K62547893K0"), "row 2 of the board starts with \"K\""},
		{with(1, "62K-547893K0"), "B2 bears two marks"},
		{with(4, "948-6*K32-01"), "the centre E5 bears no K or ± mark"},
		{with(2, "18059x7423"), "\"x\" in row 3 of the board is not a digit, *, K or -"},
	} {
		_, err := ParseLayout(c.text)
		require.Error(t, err, c.text)
		assert.True(t, engine.IsRefusal(err))
		assert.Contains(t, err.Error(), c.want)
	}
}

func TestParseSquare(t *testing.T) {
	for text, want := range map[string]string{"F4": "F4", "f4": "F4", "a1": "A1", "I9": "I9"} {
		q, err := ParseSquare(text)
		require.NoError(t, err)
		assert.Equal(t, want, q.String())
	}
	for text, want := range map[string]string{
		"J4":  "J4 is off the board, which runs from A1 to I9",
		"a10": "A10 is off the board", "A0": "A0 is off the board",
		"4F": `"4F" is not a square`, "": `"" is not a square`, "F": `"F" is not a square`,
	} {
		_, err := ParseSquare(text)
		require.Error(t, err, text)
		assert.True(t, engine.IsRefusal(err))
		assert.Contains(t, err.Error(), want)
	}
}

// FuzzParseLayout: any text either is refused with a sentence or gives a
// layout whose String parses back to the same layout.
func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{DefaultLayoutText, "", "default", "*", "1/2/3/4/5/6/7/8/9",
		"*11111111/111111111/111111111/111111111/11111K1111/111111111/111111111/111111111/1-11111112",
		"314752096\n62K547893K0\n18059±7423\n732109568\n948-6*32-01\n063985174\n27981-6345\n45K602178K9\n801234657"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLayout(s)
		if err != nil {
			var r *engine.Refusal
			require.True(t, errors.As(err, &r), "%q: %T is not a refusal", s, err)
			require.NotEmpty(t, r.Reason)
			return
		}
		again, err := ParseLayout(l.String())
		require.NoError(t, err, "%q wrote %q", s, l.String())
		require.Equal(t, l, again)
		require.True(t, l.Centre().valid())
	})
}
