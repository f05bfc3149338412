package chiffres

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func TestEncodeRoundTrip(t *testing.T) {
	s := playBots(t, newGame(t, nil, 9, 3), 12)
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := Game{}.Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	assert.Same(t, DefaultLayout(), back.(*State).layout, "the default board is shared")

	var snap map[string]any
	require.NoError(t, json.Unmarshal(data, &snap))
	assert.Equal(t, float64(1), snap["v"])
	assert.Equal(t, DefaultLayoutText, snap["layout"])
	assert.Len(t, snap["board"], size)
}

// TestDecodeRefusals: a stored state that is not consistent is refused.
func TestDecodeRefusals(t *testing.T) {
	base := func() *snapshot {
		s := playBots(t, newGame(t, nil, 9, 3), 12)
		data, err := s.Encode()
		require.NoError(t, err)
		var snap snapshot
		require.NoError(t, json.Unmarshal(data, &snap))
		return &snap
	}
	b := base()
	t.Logf("board %q hands %q bank %q to move %d last %+v", b.Board, b.Hands, b.Bank, b.ToMove, *b.Last)
	for _, c := range []struct {
		name   string
		change func(s *snapshot)
		want   string
	}{
		{"version", func(s *snapshot) { s.Version = 2 }, "unknown version 2"},
		{"one seat", func(s *snapshot) { s.Hands = s.Hands[:1] }, "1 hands, 3 scores"},
		{"scores", func(s *snapshot) { s.Scores = s.Scores[:2] }, "3 hands, 2 scores"},
		{"layout", func(s *snapshot) { s.Layout = "123" }, "layout: the board has 1 rows"},
		{"rows", func(s *snapshot) { s.Board = s.Board[:8] }, "8 board rows"},
		{"row length", func(s *snapshot) { s.Board[0] += "." }, "board row 1 has 10 squares"},
		{"a letter on the board", func(s *snapshot) { s.Board[0] = "x" + s.Board[0][1:] }, `'x' on A1`},
		{"a token off its digit", func(s *snapshot) { s.Board[0] = "5" + s.Board[0][1:] }, "a 5 on A1, which bears a 3"},
		{"no centre token", func(s *snapshot) { clearCentre(s) }, "no token on the centre E5"},
		{"a token apart", func(s *snapshot) { s.Board[8] = "8" + s.Board[8][1:] }, "the token on A9 does not join the centre's"},
		{"a token missing", func(s *snapshot) { s.Bank = s.Bank[1:] }, "in play, not 5"},
		{"a token too many", func(s *snapshot) { s.Bank += "0" }, "6 tokens 0 in play, not 5"},
		{"a letter in the bank", func(s *snapshot) { s.Bank = "x" + s.Bank[1:] }, `bank: "x" is not a token`},
		{"an unsorted hand", func(s *snapshot) { s.Hands[0] = reverse(s.Hands[0]) }, "hand 1"},
		{"a short hand with a bank", func(s *snapshot) { s.Bank += s.Hands[0][:1]; s.Hands[0] = s.Hands[0][1:] }, "seat 1 holds 4 tokens while the bank is not empty"},
		{"over without an end", func(s *snapshot) { s.Over, s.ToMove = true, -1 }, `end "" (over: true)`},
		{"an end while on", func(s *snapshot) { s.End = endStuck }, `end "stuck" (over: false)`},
		{"an unknown end", func(s *snapshot) { s.Over, s.ToMove, s.End = true, -1, "bored" }, `unknown end "bored"`},
		{"a seat to move out of range", func(s *snapshot) { s.ToMove = 3 }, "seat 3 to move"},
		{"a resigned seat to move", func(s *snapshot) { s.Resigned[s.ToMove] = true }, "to move has resigned"},
		{"one seat left and on", func(s *snapshot) { s.Resigned = []bool{true, true, false}; s.ToMove = 2 }, "1 seats still playing"},
		{"a penalty while on", func(s *snapshot) { s.Penalties[0] = 3 }, "penalty 3 for seat 1"},
		{"negative moves", func(s *snapshot) { s.Moves = -1 }, "-1 moves"},
		{"a passed seat out of range", func(s *snapshot) { s.Passed = []int{5} }, "passed seat 6"},
		{"the last placement elsewhere", func(s *snapshot) { s.Last.Digit = (s.Last.Digit + 1) % 10 }, "last placement"},
		{"a played-out end with tokens", func(s *snapshot) { s.Over, s.ToMove, s.End = true, -1, endOut }, "the game ended with a hand played out, but none is"},
	} {
		t.Run(c.name, func(t *testing.T) {
			snap := base()
			c.change(snap)
			data, err := json.Marshal(snap)
			require.NoError(t, err)
			_, err = Game{}.Decode(data)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Contains(t, err.Error(), "decode chiffres state: ")
		})
	}
	stuck := newGame(t, engine.Options{"bag": "9" + "12457" + "03689"}, 1, 2)
	require.Equal(t, 1, stuck.ToMove(), "the first seat holds nothing that fits")
	data, err := stuck.Encode()
	require.NoError(t, err)
	var snap snapshot
	require.NoError(t, json.Unmarshal(data, &snap))
	snap.ToMove = 0
	data, err = json.Marshal(snap)
	require.NoError(t, err)
	_, err = Game{}.Decode(data)
	assert.ErrorContains(t, err, "seat 1 to move cannot place")

	for name, data := range map[string]string{
		"not JSON":      "{",
		"unknown field": `{"v":1,"colour":"red"}`,
		"trailing data": `{"v":2} {}`,
		"a bad square":  `{"v":1,"last":{"at":"Z9"}}`,
	} {
		_, err := Game{}.Decode([]byte(data))
		assert.Error(t, err, name)
	}
}

func clearCentre(s *snapshot) {
	row := []byte(s.Board[4])
	s.Bank += string(row[4])
	row[4] = '.'
	s.Board[4] = string(row)
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
