package ludicitude

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestEncodeRoundTrip: every state of a game, and of the rules tests'
// special moments (passes, offers, ends), decodes to an equal state.
func TestEncodeRoundTrip(t *testing.T) {
	var states []*State
	st, err := Game{}.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
	require.NoError(t, err)
	s := st.(*State)
	rng := rand.New(rand.NewPCG(3, 3))
	for !s.Over() {
		var m engine.Move
		if s.ToMove() == Black {
			m, err = s.BotMove(Black)
			require.NoError(t, err)
		} else {
			acts := s.Actions()
			m = acts[rng.IntN(len(acts))]
		}
		next, _, err := s.Apply(s.ToMove(), m)
		require.NoError(t, err)
		s = next.(*State)
		states = append(states, s)
	}
	passed, _ := play(t, setup(t, layout("w 0/0", "a1 B1", "b1 B1", "a2 W1", "b2 W1", "c1 W1", "g4 W1")), "g4-g5")
	offered, _ := play(t, setup(t, startPosition), "draw")
	resigned, _ := play(t, offered, "b:resign")
	dropped, _ := play(t, setup(t, layout("b 0/2", "a1 W1", "c4 B2", "e5 W1")), "drop g7")
	states = append(states, passed, offered, resigned, dropped, setup(t, startPosition))
	for i, s := range states {
		data, err := s.Encode()
		require.NoError(t, err)
		back, err := Game{}.Decode(data)
		require.NoError(t, err, "state %d: %s", i, data)
		assert.Equal(t, s, back, "state %d", i)
		again, err := back.Encode()
		require.NoError(t, err)
		assert.JSONEq(t, string(data), string(again))
		old, err := Game{}.Decode(encodeV1(t, s))
		require.NoError(t, err, "state %d in version 1", i)
		assert.Equal(t, s, old, "state %d in version 1", i)
	}
	data, err := states[0].Encode()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"position":"`+states[0].Position()+`"`, "the archive shows the position notation")
}

func TestDecodeRefusesInconsistentStates(t *testing.T) {
	s, _ := play(t, setup(t, startPosition), "b1-b2", "b7-b6")
	data, err := s.Encode()
	require.NoError(t, err)
	var good map[string]any
	require.NoError(t, json.Unmarshal(data, &good))
	require.Len(t, good["trail"], 2, "one character a turn")
	v1 := loadV1(t)
	for _, c := range []struct {
		name  string
		base  map[string]any
		edit  func(map[string]any)
		error string
	}{
		{"version", good, func(m map[string]any) { m["v"] = 3 }, "unknown version 3"},
		{"unknown field", good, func(m map[string]any) { m["colour"] = "red" }, "unknown field"},
		{"position", good, func(m map[string]any) { m["position"] = "......." }, "position"},
		{"too many cubes", good, func(m map[string]any) { m["position"] = strings.Replace(s.Position(), "0/0", "1/0", 1) }, "12 cubes"},
		{"quiet", good, func(m map[string]any) { m["quiet"] = 201 }, "201 quiet turns"},
		{"bot nodes", good, func(m map[string]any) { m["bot_nodes"] = 3 }, "bot_nodes 3"},
		{"offer", good, func(m map[string]any) { m["offer"] = 4 }, "offer by seat 4"},
		{"winner without end", good, func(m map[string]any) { m["winner"] = 0 }, "over false, winner 0"},
		{"over in version 2", good, func(m map[string]any) { m["over"] = false }, "version 2 with a history of hashes or over"},
		{"hashes in version 2", good, func(m map[string]any) { m["seen"] = []any{"0000000000000001"} }, "version 2 with a history of hashes"},
		{"trail too short", good, func(m map[string]any) { m["trail"] = "A" }, "a trail of 1 turns for 2 quiet turns"},
		{"trail character", good, func(m map[string]any) { m["trail"] = "A!" }, `character '!' at 1`},
		{"trail escape cut", good, func(m map[string]any) { m["trail"] = "_A" }, "ends in the middle of a turn"},
		{"trail beyond takebacks", good, func(m map[string]any) { m["trail"] = "A_zz" }, "turn 2 of the trail cannot be taken back"},
		{"trail of a capture", good, func(m map[string]any) {
			m["position"] = layout("b 0/0", "a1 W1", "b1 B1", "c1 W1", "g7 B1")
			m["quiet"] = 1
			m["trail"] = takebackOf(t, m["position"].(string), "c2", "c1")
		}, "turn 1 of the trail cannot be taken back"},
		{"v1 history", v1, func(m map[string]any) { m["seen"] = []any{"0000000000000001"} }, "the history does not end with the position"},
		{"v1 empty history", v1, func(m map[string]any) { m["seen"] = []any{} }, "no position history"},
		{"v1 bad hash", v1, func(m map[string]any) { m["seen"] = []any{"xyz"} }, `history entry 0 "xyz"`},
		{"v1 without over", v1, func(m map[string]any) { delete(m, "over") }, "version 1 without over"},
		{"v1 with a trail", v1, func(m map[string]any) { m["trail"] = "AA" }, "or with a trail"},
		{"v1 short history", v1, func(m map[string]any) { m["seen"] = m["seen"].([]any)[110:] }, "a history of 11 positions for 16 quiet turns"},
		{"v1 broken history", v1, func(m map[string]any) {
			seen := append([]any{}, m["seen"].([]any)...)
			seen[len(seen)-3] = "0000000000000001"
			m["seen"] = seen
		}, "no turn leads from history entry 14 to the next"},
		{"last move", good, func(m map[string]any) { m["last"] = map[string]any{"seat": 0, "move": "resign"} }, "is not an action"},
		{"last square", good, func(m map[string]any) {
			m["last"] = map[string]any{"seat": 0, "move": "b1-b2", "captured": []any{"z9"}}
		}, "square"},
		{"chosen not promoted", good, func(m map[string]any) {
			m["last"] = map[string]any{"seat": 0, "move": "b1-b2", "chosen": []any{"b2"}}
		}, "inconsistent"},
	} {
		edited := map[string]any{}
		for k, v := range c.base {
			edited[k] = v
		}
		c.edit(edited)
		bad, err := json.Marshal(edited)
		require.NoError(t, err)
		_, err = Game{}.Decode(bad)
		if assert.Error(t, err, c.name) {
			assert.Contains(t, err.Error(), c.error, c.name)
			assert.False(t, engine.IsRefusal(err), "a corrupt archive is not a player's mistake")
		}
	}
	_, err = Game{}.Decode([]byte("not json"))
	assert.Error(t, err)
}

// takebackOf is the trail of one turn, the slide from to to, that led to
// position.
func takebackOf(t *testing.T, position, from, to string) string {
	t.Helper()
	b, err := parsePosition(position)
	require.NoError(t, err)
	f, err := ParseSquare(from)
	require.NoError(t, err)
	g, err := ParseSquare(to)
	require.NoError(t, err)
	return trailTurn(b.takebackPlace(step{f, g}))
}

// loadV1 is the fixture of a state stored in version 1, as a JSON object.
func loadV1(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile("testdata/state-v1.json")
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	require.EqualValues(t, 1, m["v"])
	return m
}

// TestDecodeVersion1: a state stored by the first encoding, with the hash
// of every position of its game, decodes to the state its moves replay to,
// history and all, and encodes again as the replay does.
func TestDecodeVersion1(t *testing.T) {
	stored, err := os.ReadFile("testdata/state-v1.json")
	require.NoError(t, err)
	moves, err := os.ReadFile("testdata/state-v1.moves")
	require.NoError(t, err)
	st, err := Game{}.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
	require.NoError(t, err)
	replayed, _ := play(t, st.(*State), strings.Split(strings.TrimSpace(string(moves)), "\n")...)
	decoded, err := Game{}.Decode(stored)
	require.NoError(t, err)
	assert.Equal(t, replayed, decoded)
	assert.Len(t, decoded.(*State).seen, 17, "the positions since the last capture, 16 quiet turns ago")
	want, err := replayed.Encode()
	require.NoError(t, err)
	got, err := decoded.Encode()
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.Less(t, len(got), len(stored)/5)
}

// encodeV1 writes s as the first encoding did, with the hashes of the
// positions since the last capture as its history of the whole game.
func encodeV1(t *testing.T, s *State) []byte {
	t.Helper()
	data, err := s.Encode()
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	m["v"], m["over"], m["offer"], m["winner"] = 1, s.over, s.offer, s.winner
	delete(m, "trail")
	var seen []string
	for _, h := range s.seen {
		seen = append(seen, fmt.Sprintf("%016x", h))
	}
	m["seen"] = seen
	data, err = json.Marshal(m)
	require.NoError(t, err)
	return data
}
