package amplitude

import (
	"errors"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

func TestParseMoveAccepts(t *testing.T) {
	h8 := centre
	for _, c := range []struct {
		text string
		want Move
	}{
		{"H8 right 3+4-5=2", Move{Kind: Pose, At: h8, Line: rulesDigits("3452"), Formula: "3+4-5=2"}},
		{"H8 down 34251", Move{Kind: Pose, At: h8, Down: true, Line: rulesDigits("34251")}},
		{"h8 across (34)/2-5=1", Move{Kind: Pose, At: h8, Line: rulesDigits("34251"), Formula: "(3×4)/2-5=1"}},
		{"H8 right 123 3-2=1", Move{Kind: Pose, At: h8, Line: rulesDigits("123"), Formula: "3-2=1"}},
		{"H8 right 123 1+2=3", Move{Kind: Pose, At: h8, Line: rulesDigits("123"), Formula: "1+2=3"}},
		{"H8 right 3 4 2 5 1", Move{Kind: Pose, At: h8, Line: rulesDigits("34251")}},
		{"H8 right 3 + 4 - 5 = 2", Move{Kind: Pose, At: h8, Line: rulesDigits("3452"), Formula: "3+4-5=2"}},
		{"H8 down 6 = 1+2+3", Move{Kind: Pose, At: h8, Down: true, Line: rulesDigits("6123"), Formula: "6=1+2+3"}},
		{"H8 right 34 /2-5=1", Move{Kind: Pose, At: h8, Line: rulesDigits("34251"), Formula: "3×4/2-5=1"}},
		{"H8 right 1 2+1=3", Move{Kind: Pose, At: h8, Line: rulesDigits("1213"), Formula: "1×2+1=3"}},
		{"H8 right 3=2+1", Move{Kind: Pose, At: h8, Line: rulesDigits("321"), Formula: "3=2+1"}},
		{"H8 RIGHT 9x8:9-1=7", Move{Kind: Pose, At: h8, Line: rulesDigits("98917"), Formula: "9×8/9-1=7"}},
		{"a1 d [9-8]7=7", Move{Kind: Pose, At: 0, Down: true, Line: rulesDigits("9877"), Formula: "(9-8)×7=7"}},
		{"O15 → 123", Move{Kind: Pose, At: size*size - 1, Line: rulesDigits("123")}},
		{"  H08   ↓   123  ", Move{Kind: Pose, At: h8, Down: true, Line: rulesDigits("123")}},
		{"exchange 3 5", Move{Kind: Exchange, Tokens: rulesDigits("35")}},
		{"exchange 35", Move{Kind: Exchange, Tokens: rulesDigits("35")}},
		{"Exchange 5,3", Move{Kind: Exchange, Tokens: rulesDigits("35")}},
		{"échange 9 1 9", Move{Kind: Exchange, Tokens: rulesDigits("199")}},
		{"swap 12345", Move{Kind: Exchange, Tokens: rulesDigits("12345")}},
		{"pass", Move{Kind: Pass}},
		{"PASS", Move{Kind: Pass}},
		{"resign", Move{Kind: Resign}},
		{"abandon", Move{Kind: Resign}},
		{"draw", Move{Kind: Draw}},
		{"  Draw ", Move{Kind: Draw}},
		{"decline", Move{Kind: Decline}},
		{"DECLINE", Move{Kind: Decline}},
	} {
		t.Run(c.text, func(t *testing.T) {
			got, err := ParseMove(c.text)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
			again, err := ParseMove(got.String())
			require.NoError(t, err, "%q", got.String())
			assert.Equal(t, got, again, "%q", got.String())
			viaGame, err := Game{}.Parse(c.text)
			require.NoError(t, err)
			assert.Equal(t, got, viaGame)
		})
	}
}

func TestParseMoveRefuses(t *testing.T) {
	for _, c := range []struct {
		text string
		want string
	}{
		{"", "the move is empty"},
		{"   ", "the move is empty"},
		{"Z9 right 123", `"Z9" is not a square`},
		{"H16 right 123", `"H16" is not a square`},
		{"H0 right 123", `"H0" is not a square`},
		{"H right 123", `"H" is not a square`},
		{"H+8 right 123", `"H+8" is not a square`},
		{"8H right 123", `"8H" is not a square`},
		{"H8 up 123", `"up" is not a direction`},
		{"H8 left 123", `"left" is not a direction`},
		{"H8 right", "a pose is a square, a direction and the line"},
		{"H8 123", "a pose is a square, a direction and the line"},
		{"hello", "a pose is a square, a direction and the line"},
		{"H8 right 12", "a pose holds at least 3 tokens, and 12 has 2"},
		{"H8 right 123456789123", "a pose holds at most 11 tokens"},
		{"H8 right 103", "0 is not a token"},
		{"H8 right 1+2=4", "1+2=4 is false"},
		{"H8 right 1+2", "no '='"},
		{"H8 right 124 1+2=3", "the formula 1+2=3 does not read the line 124, forwards or backwards"},
		{"H8 right 132 1+2=3", "does not read the line 132"},
		{"H8 right 123 3-2=2", "3-2=2 is false"},
		{"H8 right 3 + 4 - 5 = 3", "3+4-5=3 is false"},
		{"H8 right 12 1+2=3", "is false"}, // 12 is no line: 121+2=3 is the formula
		{"exchange", "exchange which tokens?"},
		{"exchange 0", `"0" is not one`},
		{"exchange three", `"t" is not one`},
		{"exchange 123456", "you cannot exchange 6"},
		{"pass 3", "pass takes nothing after it"},
		{"resign now", "resign takes nothing after it"},
		{"draw please", "draw takes nothing after it"},
		{"decline 2", "decline takes nothing after it"},
		{"drawn", "a pose is a square, a direction and the line"},
	} {
		t.Run(c.text, func(t *testing.T) {
			m, err := ParseMove(c.text)
			require.Error(t, err, "parsed as %s", m)
			assert.True(t, engine.IsRefusal(err), "%T is not a Refusal", err)
			assert.Contains(t, err.Error(), c.want)
			_, err = Game{}.Parse(c.text)
			assert.Error(t, err)
		})
	}
}

// String is the canonical notation: it parses back to the same move, every
// square of the board and both directions included.
func TestMoveStringRoundTrips(t *testing.T) {
	for q := range square(size * size) {
		for _, down := range []bool{false, true} {
			for _, formula := range []string{"", "3-2=1", "1+2=3"} {
				m := Move{Kind: Pose, At: q, Down: down, Line: rulesDigits("123"), Formula: formula}
				got, err := ParseMove(m.String())
				require.NoError(t, err, m.String())
				require.Equal(t, m, got)
			}
		}
	}
	for _, m := range []Move{
		{Kind: Pose, At: centre, Line: rulesDigits("34251"), Formula: "(1+5)×(2/4)=3"},
		{Kind: Pose, At: centre, Line: rulesDigits("98917"), Formula: "9=8×(9/(1+7))"},
		{Kind: Exchange, Tokens: rulesDigits("11359")},
		{Kind: Pass},
		{Kind: Resign},
		{Kind: Draw},
		{Kind: Decline},
	} {
		got, err := ParseMove(m.String())
		require.NoError(t, err, m.String())
		assert.Equal(t, m, got)
	}
	assert.Equal(t, "H8 down 34251 (1+5)×(2/4)=3", Move{Kind: Pose, At: centre, Down: true, Line: rulesDigits("34251"), Formula: "(1+5)×(2/4)=3"}.String())
	assert.Equal(t, "exchange 3 5", Move{Kind: Exchange, Tokens: rulesDigits("35")}.String())
}

// badVerb is how fmt writes an argument missing, extra or of the wrong type.
var badVerb = regexp.MustCompile(`%!(\w\(|\(EXTRA)`)

// FuzzParseMove: ParseMove never panics, refuses only with a Refusal that
// reads whole in every language (no argument missing), and
// what it accepts writes out to notation that parses back to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"H8 right 3+4-5=2", "H8 down 34251", "h8 across (34)/2-5=1", "H8 right 123 3-2=1",
		"H8 right 3 4 2 5 1", "H8 right 3 + 4 - 5 = 2", "exchange 3 5", "exchange 35", "pass",
		"resign", "draw", "decline", "draw now", "Z9 right 123", "H16 down 123", "H8 up 123", "exchange 0", "H8 right 124 1+2=3",
		"H8 droite 3+4-5=2", "H8 en bas 34251", "H8 à droite 123 3-2=1", "ÉCHANGER 3 5", "echanger 35", "passer",
		"abandonner", "nulle", "refuser", "H8 à", "H8 en bas",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			var r *engine.Refusal
			require.True(t, errors.As(err, &r), "%q: %T is not a Refusal", text, err)
			require.NotEmpty(t, r.Reason)
			for _, tag := range lang.Tags {
				if bad := badVerb.FindString(r.In(tag)); bad != "" {
					require.Contains(t, text, bad, "%q in %s: %s", text, tag, r.In(tag))
				}
			}
			return
		}
		again, err := ParseMove(m.String())
		require.NoError(t, err, "%q wrote %q", text, m.String())
		require.Equal(t, m, again, "%q wrote %q", text, m.String())
		require.Equal(t, m.String(), again.String())
		if m.Kind == Pose {
			require.GreaterOrEqual(t, len(m.Line), 3)
			require.LessOrEqual(t, len(m.Line), maxLine)
		}
	})
}
