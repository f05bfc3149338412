package ludicitude

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func TestParseMove(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"c1-c3", "c1-c3"},
		{"c1c3", "c1-c3"},
		{"c1 c3", "c1-c3"},
		{"  C1 - C3  ", "c1-c3"},
		{"c1–c3", "c1-c3"},
		{"c1-c3 +b1 +e1", "c1-c3 +b1 +e1"},
		{"c1-c3 +e1 +b1", "c1-c3 +b1 +e1"},
		{"c1-c3 +b1+e1", "c1-c3 +b1 +e1"},
		{"c1-c3 + b1", "c1-c3 +b1"},
		{"c1-c3 promote b1 e1", "c1-c3 +b1 +e1"},
		{"c1-c3 promote b1, e1", "c1-c3 +b1 +e1"},
		{"c1-c3 promote b1 and e1", "c1-c3 +b1 +e1"},
		{"C1-C3 PROMOTE +B1", "c1-c3 +b1"},
		{"drop a7", "drop a7"},
		{"DROP A7", "drop a7"},
		{"*a7", "drop a7"},
		{"@a7", "drop a7"},
		{"* a7", "drop a7"},
		{"drop @a7", "drop a7"},
		{"parachute g1", "drop g1"},
		{"draw", "draw"},
		{"Draw", "draw"},
		{"decline", "decline"},
		{"resign", "resign"},
		{"abandon", "resign"},
	} {
		m, err := ParseMove(c.text)
		if assert.NoError(t, err, c.text) {
			assert.Equal(t, c.want, m.String(), c.text)
		}
	}
}

func TestParseMoveRefusals(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "the move is empty: " + moveHelp.String()},
		{"hello", `I cannot read "hello" as a move: ` + moveHelp.String()},
		{"c1", "c1 to where? A slide names two squares, as c1-c3"},
		{"c1-", "c1 to where? A slide names two squares, as c1-c3"},
		{"h1-h2", "h1 is not a square of the board: files run from a to g and ranks from 1 to 7"},
		{"c1-c8", "c8 is not a square of the board: files run from a to g and ranks from 1 to 7"},
		{"c1-c34", "c34 is not a square of the board: files run from a to g and ranks from 1 to 7"},
		{"c1-c3 b1", `I cannot read "b1" after c1-c3: name promotions as c1-c3 +b1 +e1, or c1-c3 promote b1 e1`},
		{"c1-c3 +", "+ must be followed by a square, as c1-c3 +b1"},
		{"c1-c3 + + b1", "+ must be followed by a square, as c1-c3 +b1"},
		{"c1-c3 promote", "promote which cubes? Name them, as c1-c3 promote b1 e1"},
		{"c1-c3 +b1 +b1", "b1 is named twice: a cube is promoted at most once per turn"},
		{"c1-c3 +z9", "z9 is not a square of the board: files run from a to g and ranks from 1 to 7: name promotions as c1-c3 +b1 +e1, or c1-c3 promote b1 e1"},
		{"drop", "drop where? Name the square, as drop a7"},
		{"*", "drop where? Name the square, as drop a7"},
		{"drop a7 b7", "a drop names one square, as drop a7, and nothing after it: a drop captures nothing, so it earns no promotion"},
		{"drop x", `"x" is not a square: name one as a file a to g and a rank 1 to 7, as c3: a drop names one square, as drop a7`},
		{"resign now", `resign takes nothing after it, and "now" follows`},
		{"pass", "there is no passing by choice in Ludicitude: the server passes a player only when they have no legal action"},
	} {
		_, err := ParseMove(c.text)
		if assert.Error(t, err, c.text) {
			assert.True(t, engine.IsRefusal(err), c.text)
			assert.Equal(t, c.want, err.Error(), c.text)
		}
	}
}

func TestSquares(t *testing.T) {
	for q := Square(0); q < squares; q++ {
		back, err := ParseSquare(q.String())
		require.NoError(t, err)
		assert.Equal(t, q, back)
		text, err := q.MarshalText()
		require.NoError(t, err)
		var u Square
		require.NoError(t, u.UnmarshalText(text))
		assert.Equal(t, q, u)
	}
	assert.Equal(t, "a1", Square(0).String())
	assert.Equal(t, "g1", Square(6).String())
	assert.Equal(t, "d4", Square(wallSq).String())
	assert.Equal(t, "g7", Square(48).String())
	_, err := NoSquare.MarshalText()
	assert.Error(t, err)
}

// FuzzParseMove: any text is either refused with a sentence or read as a
// move whose canonical notation reads back as the same move.
func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"c1-c3", "c1c3", "c1 c3", "c1-c3 +b1 +e1", "c1-c3 promote b1 e1", "drop a7", "*a7", "@a7",
		"draw", "decline", "resign", "pass", "", "h9-a0", "c1-c3 ++b1", "drop a7 +b1", "c1-c3 promote and b1", "é1-c3", "\xff",
		"parachuter a7", "Parachutage G1", "nulle", "refuser", "décliner", "abandonner", "passer", "c1-c3 promouvoir b1 et e1", "c1 haut 2", "a1 gauche", "C5-BAS +b1"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			if !engine.IsRefusal(err) {
				t.Fatalf("%q: %v is not a refusal", text, err)
			}
			if err.Error() == "" || !utf8.ValidString(err.Error()) && utf8.ValidString(text) {
				t.Fatalf("%q: refusal %q", text, err.Error())
			}
			return
		}
		canon := m.String()
		back, err := ParseMove(canon)
		if err != nil {
			t.Fatalf("%q reads as %q, which does not read back: %v", text, canon, err)
		}
		if back.String() != canon || back.Kind != m.Kind || back.To != m.To || len(back.Promote) != len(m.Promote) {
			t.Fatalf("%q reads as %q, which reads back as %q", text, canon, back)
		}
		if strings.ContainsAny(canon, "ABCDEFGW") {
			t.Fatalf("%q: canonical %q is not lower case", text, canon)
		}
	})
}
