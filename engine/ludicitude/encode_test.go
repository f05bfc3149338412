package ludicitude

import (
	"encoding/json"
	"math/rand/v2"
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
	}
	data, err := states[0].Encode()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"position":"`+states[0].Position()+`"`, "the archive shows the position notation")
}

func TestDecodeRefusesInconsistentStates(t *testing.T) {
	s, _ := play(t, setup(t, startPosition), "b1-b2")
	data, err := s.Encode()
	require.NoError(t, err)
	var good map[string]any
	require.NoError(t, json.Unmarshal(data, &good))
	for _, c := range []struct {
		name  string
		edit  func(map[string]any)
		error string
	}{
		{"version", func(m map[string]any) { m["v"] = 2 }, "unknown version 2"},
		{"unknown field", func(m map[string]any) { m["colour"] = "red" }, "unknown field"},
		{"position", func(m map[string]any) { m["position"] = "......." }, "position"},
		{"too many cubes", func(m map[string]any) { m["position"] = strings.Replace(s.Position(), "0/0", "1/0", 1) }, "12 cubes"},
		{"quiet", func(m map[string]any) { m["quiet"] = 201 }, "201 quiet turns"},
		{"bot nodes", func(m map[string]any) { m["bot_nodes"] = 3 }, "bot_nodes 3"},
		{"offer", func(m map[string]any) { m["offer"] = 4 }, "offer by seat 4"},
		{"winner without end", func(m map[string]any) { m["winner"] = 0 }, "over false, winner 0"},
		{"history", func(m map[string]any) { m["seen"] = []any{"0000000000000001"} }, "the history does not end with the position"},
		{"empty history", func(m map[string]any) { m["seen"] = []any{} }, "no position history"},
		{"bad hash", func(m map[string]any) { m["seen"] = []any{"xyz"} }, `history entry 0 "xyz"`},
		{"last move", func(m map[string]any) { m["last"] = map[string]any{"seat": 0, "move": "resign"} }, "is not an action"},
		{"last square", func(m map[string]any) {
			m["last"] = map[string]any{"seat": 0, "move": "b1-b2", "captured": []any{"z9"}}
		}, "square"},
		{"chosen not promoted", func(m map[string]any) {
			m["last"] = map[string]any{"seat": 0, "move": "b1-b2", "chosen": []any{"b2"}}
		}, "inconsistent"},
	} {
		edited := map[string]any{}
		for k, v := range good {
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
