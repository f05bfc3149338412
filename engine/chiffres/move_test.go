package chiffres

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func TestParseMove(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"7 F4", "7 F4"},
		{"F4 7", "7 F4"},
		{"F4=7", "7 F4"},
		{"place 7 at F4", "7 F4"},
		{"PLACE 7 AT f4", "7 F4"},
		{"  f4 = 7 ", "7 F4"},
		{"7 on F4.", "7 F4"},
		{"0 a1", "0 A1"},
		{"play 9 i9", "9 I9"},
		{"pose 3 sur D4", "3 D4"},
		{"F4:7", "7 F4"},
		{"pass", "pass"},
		{"Pass", "pass"},
		{"resign", "resign"},
		{"RESIGN", "resign"},
		{"draw", "draw"},
		{"Draw.", "draw"},
		{"decline", "decline"},
		{" DECLINE ", "decline"},
	} {
		m, err := ParseMove(c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.want, m.String(), c.text)
		back, err := ParseMove(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, back)
	}
	m, err := Game{}.Parse("F4=7")
	require.NoError(t, err)
	assert.Equal(t, Move{Kind: Place, Digit: 7, At: sq(t, "F4")}, m)
}

func TestParseMoveRefusals(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "the move is empty: write the token and the square, as 7 F4"},
		{"  = ", "the move is empty"},
		{"pass now", "pass takes nothing after it"},
		{"resign 7", "resign takes nothing after it"},
		{"draw please", "draw takes nothing after it"},
		{"decline 7 F4", "decline takes nothing after it"},
		{"draw F4", "draw takes nothing after it"},
		{"place", `a placement is one token and one square, as 7 F4 or F4=7; "place" is not`},
		{"7", `a placement is one token and one square`},
		{"7 F4 G5", `a placement is one token and one square`},
		{"7 3", `a placement names a square too, as 7 F4; "7 3" names two digits`},
		{"F4 G5", `a placement names one token too, as 7 F4; "F4 G5" names two squares`},
		{"10 F4", `"10" is not a token: tokens are single digits 0 to 9`},
		{"F4 12", `"12" is not a token`},
		{"seven F4", `"seven" is neither a token (0 to 9) nor a square (A1 to I9)`},
		{"7 here", `"here" is neither a token (0 to 9) nor a square (A1 to I9)`},
		{"7 J4", "J4 is off the board, which runs from A1 to I9"},
		{"7 F10", "F10 is off the board"},
		{"7 F0", "F0 is off the board"},
		{"7 4F", `"4F" is neither a token`},
		{"place 7 at a very long and winding word", `is not`},
	} {
		_, err := ParseMove(c.text)
		require.Error(t, err, c.text)
		assert.True(t, engine.IsRefusal(err), c.text)
		assert.Contains(t, err.Error(), c.want, c.text)
	}
	_, err := Game{}.Parse("7 J4")
	assert.True(t, engine.IsRefusal(err))
}

// FuzzParseMove: any text is refused with a sentence, or read as a move
// whose canonical notation reads back as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"7 F4", "F4 7", "F4=7", "place 7 at F4", "pass", "resign", "draw", "decline", "draw 7", "", "7", "10 F4",
		"7 J4", "F4 G5", "7 3", "placer 0 sur e4", "é4 7", "7 \xff", "F4==7", "A99999999 1",
		"placer 7 en F4", "poser 7 sur la case F4", "passer", "Abandonner", "nulle", "REFUSER", "décliner", "mettre 7 à F4",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			var r *engine.Refusal
			require.True(t, errors.As(err, &r), "%q: %T is not a refusal", s, err)
			require.NotEmpty(t, r.Reason)
			require.Less(t, len(r.Reason), 200, "%q: the refusal is too long", s)
			return
		}
		if m.Kind == Place {
			require.True(t, m.At.valid(), s)
			require.True(t, m.Digit >= 0 && m.Digit <= 9, s)
		}
		back, err := ParseMove(m.String())
		require.NoError(t, err, "%q gave %q", s, m.String())
		require.Equal(t, m, back, s)
	})
}
