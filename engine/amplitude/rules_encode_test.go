package amplitude

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every state of a game, poses, exchanges, passes and a resignation
// included, decodes back to an equal state that encodes the same.
func TestRulesEncodeDecodeRoundTrip(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3, "forbidden", "on")
	states := []*State{s}
	for _, step := range []struct {
		seat int
		text string
	}{
		{0, "H8 right 1+2=3"}, {1, "exchange 6 7"}, {2, "pass"}, {1, "resign"},
		{0, "pass"}, {2, "pass"}, // 4 idle turns: 2 rounds of the 2 left
	} {
		s, _ = rulesPlay(t, s, step.seat, step.text)
		states = append(states, s)
	}
	require.True(t, s.Over())
	for i, st := range states {
		data, err := st.Encode()
		require.NoError(t, err)
		back, err := Game{}.Decode(data)
		require.NoError(t, err, "state %d", i)
		assert.Equal(t, st, back, "state %d", i)
		again, err := back.Encode()
		require.NoError(t, err)
		assert.Equal(t, string(data), string(again), "state %d", i)
	}
}

// rulesCorrupt encodes s, changes one field of the JSON and returns it.
func rulesCorrupt(t *testing.T, s *State, key string, value any) []byte {
	t.Helper()
	var fields map[string]any
	require.NoError(t, json.Unmarshal([]byte(rulesEncoded(t, s)), &fields))
	fields[key] = value
	data, err := json.Marshal(fields)
	require.NoError(t, err)
	return data
}

// Decode refuses corrupt data with an error, and never panics.
func TestRulesDecodeRefusesCorruptData(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	s, _ = rulesPlay(t, s, 0, "H8 right 1+2=3")
	board := make([]string, size)
	for r := range size {
		board[r] = strings.Repeat(".", size)
	}
	board[7] = ".......120....."
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", []byte(""), "decode amplitude state"},
		{"not JSON", []byte("{"), "decode amplitude state"},
		{"null", []byte("null"), "unknown version 0"},
		{"wrong version", rulesCorrupt(t, s, "v", 2), "unknown version 2"},
		{"a 0 on the board", rulesCorrupt(t, s, "board", board), `'0' on J8`},
		{"14 board rows", rulesCorrupt(t, s, "board", board[:14]), "14 board rows"},
		{"a short row", rulesCorrupt(t, s, "board", append([]string{"..."}, board[1:]...)), "row 1 has 3 squares"},
		{"a token too many", rulesCorrupt(t, s, "racks", []string{"12345", "16789"}), "tokens"},
		{"a token missing", rulesCorrupt(t, s, "bag", ""), "tokens"},
		{"a letter in the bag", rulesCorrupt(t, s, "bag", "12a"), "bag"},
		{"a 0 in a rack", rulesCorrupt(t, s, "racks", []string{"01234", "16789"}), "rack 1"},
		{"six tokens in a rack", rulesCorrupt(t, s, "racks", []string{"123456", "16789"}), "rack 1"},
		{"an unsorted rack", rulesCorrupt(t, s, "racks", []string{"54321", "16789"}), "rack 1"},
		{"no seats", rulesCorrupt(t, s, "racks", []string{}), "0 racks"},
		{"scores of another game", rulesCorrupt(t, s, "scores", []int{1, 2, 3}), "3 scores"},
		{"seat 3 to move", rulesCorrupt(t, s, "to_move", 2), "seat 2 to move"},
		{"nobody to move", rulesCorrupt(t, s, "to_move", -1), "seat -1 to move"},
		{"a resigned seat to move", rulesCorrupt(t, s, "resigned", []bool{false, true}), "seat 1 to move has resigned"},
		{"starter seat 5", rulesCorrupt(t, s, "starter", 5), "starting seat 5"},
		{"fixed tokens beyond the bag", rulesCorrupt(t, s, "fixed", 1000), "fixed tokens"},
		{"last pose off the board", rulesCorrupt(t, s, "last", map[string]any{"at": 224, "len": 3}), "off the board"},
		{"a string for a number", rulesCorrupt(t, s, "idle", "two"), "decode amplitude state"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NotPanics(t, func() {
				st, err := Game{}.Decode(c.data)
				require.Error(t, err)
				assert.Nil(t, st)
				assert.Contains(t, err.Error(), c.want)
			})
		})
	}
}

// No truncation of a stored state makes Decode panic.
func TestRulesDecodeTruncatedNeverPanics(t *testing.T) {
	data := []byte(rulesEncoded(t, rulesDeal(t, seedDeal, 2)))
	for n := range len(data) {
		require.NotPanics(t, func() {
			_, err := Game{}.Decode(data[:n])
			require.Error(t, err, "%d bytes", n)
		})
	}
}
