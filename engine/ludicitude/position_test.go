package ludicitude

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func TestPositionNotation(t *testing.T) {
	for _, text := range []string{
		startPosition,
		"W3.....B1/......./......./...#.../......./...W1.../.W2W1...B2 b 3/2",
	} {
		b, err := parsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, text, b.notation())
		assert.Equal(t, b.computeHash(), b.hash)
	}
	b, err := parsePosition("  .b1b1b1b1b1./...b1.../......./...#.../......./...w1.../.w1w1w1w1w1.   W   0/0 ")
	require.NoError(t, err, "case does not matter")
	assert.Equal(t, startPosition, b.notation())
	b, err = parsePosition("W3.....B1/......./......./...#.../......./...W1.../.W2W1...B2 black 2/1")
	require.NoError(t, err)
	assert.Equal(t, "W3.....B1/......./......./...#.../......./...W1.../.W2W1...B2 b 2/1", b.notation())
}

func TestPositionRefusals(t *testing.T) {
	board := ".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1."
	for _, c := range []struct{ text, want string }{
		{"", "a position has three parts, the board, the side to move and the reserves, and this one has 0: " + positionHelp.String()},
		{board + " w", "a position has three parts, the board, the side to move and the reserves, and this one has 2: " + positionHelp.String()},
		{".../... w 0/0", "the board has 7 ranks, written from 7 down to 1 and separated by /, not 2: " + positionHelp.String()},
		{".B1B1B1B1B1../...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", `rank 7 holds more than 7 squares: ".B1B1B1B1B1.."`},
		{".B1B1B1B1B1/...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", `rank 7 holds 6 squares, not 7: ".B1B1B1B1B1"`},
		{".B1B1B1B1B1./...B1.../......./......./......./...W1.../.W1W1W1W1W1. w 0/0", "d4 is the wall: write # there, not ."},
		{".B1B1B1B1B1./...B1.../......./...B1.../......./...W1.../.W1W1W1W1W1. w 0/0", "d4 is the wall: no cube stands there"},
		{"#B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", "the wall stands on d4 only, and rank 7 shows one on a7"},
		{".B4B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", `a cube is written as its colour and its level 1 to 3, as W1 or B3; rank 7 has "B4"`},
		{".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1B w 0/0", `a cube is written as its colour and its level 1 to 3, as W1 or B3; rank 1 has "B"`},
		{".X1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", `rank 7 has "X", which is not a square: write . for an empty square, # for the wall, W1 to W3 or B1 to B3 for a cube`},
		{board + " x 0/0", `the side to move is w or b, not "x": ` + positionHelp.String()},
		{board + " w 0", `the reserves are two counts 0 to 12, white/black, as 1/0, not "0"`},
		{board + " w -1/0", `the reserves are two counts 0 to 12, white/black, as 1/0, not "-1/0"`},
		{board + " w 0/+1", `the reserves are two counts 0 to 12, white/black, as 1/0, not "0/+1"`},
		{board + " w 13/0", `the reserves are two counts 0 to 12, white/black, as 1/0, not "13/0"`},
		{board + " w 1/0", "the game has 12 cubes, and this position holds 13 (12 on the board, 1 and 0 in the reserves)"},
	} {
		_, err := parsePosition(c.text)
		if assert.Error(t, err, c.text) {
			assert.True(t, engine.IsRefusal(err))
			assert.Equal(t, c.want, err.Error(), c.text)
		}
	}
}

func TestSetupOption(t *testing.T) {
	s := setup(t, "W2.....B1/......./......./...#.../......./......./....... b 4/3")
	assert.Equal(t, "W2.....B1/......./......./...#.../......./......./....... b 4/3", s.Position())
	assert.Equal(t, Black, s.ToMove())
	assert.Equal(t, 4, s.Reserve(White))
	assert.Equal(t, 3, s.Reserve(Black))

	for _, c := range []struct{ setup, want string }{
		{"nonsense", "option setup: a position has three parts, the board, the side to move and the reserves, and this one has 1: " + positionHelp.String()},
		{layout("w 3/0", "a1 W1"), "option setup: Black has no cube on the board, so the game would be over before it starts"},
		{layout("w 0/0", "a1 W1", "c3 B3", "e5 B3"), "option setup: every black cube is on the board at level 3, so Black has won already"},
		{layout("w 0/0", "a1 W1", "a2 B1", "b1 B1", "g7 B1"), "option setup: White is to move but has no legal action in that position"},
	} {
		_, err := Game{}.New(engine.Options{"setup": c.setup}, 1, 2)
		if assert.Error(t, err, c.setup) {
			assert.True(t, engine.IsRefusal(err))
			assert.Equal(t, c.want, err.Error(), c.setup)
		}
	}
}

func TestOptions(t *testing.T) {
	keys := map[string]bool{}
	for _, o := range (Game{}).Options() {
		keys[o.Key] = true
		assert.NotEmpty(t, o.Help)
	}
	assert.Equal(t, map[string]bool{"setup": true, "bot_nodes": true}, keys)
	for _, c := range []struct {
		opts engine.Options
		want string
	}{
		{engine.Options{"bot_nodes": "12"}, `option bot_nodes is a number of positions from 1000 to 100000000, not "12"`},
		{engine.Options{"bot_nodes": "lots"}, `option bot_nodes is a number of positions from 1000 to 100000000, not "lots"`},
		{engine.Options{"colour": "red"}, `Ludicitude has no option "colour"; its options are setup and bot_nodes`},
	} {
		_, err := Game{}.New(c.opts, 1, 2)
		if assert.Error(t, err) {
			assert.True(t, engine.IsRefusal(err))
			assert.Equal(t, c.want, err.Error())
		}
	}
	st, err := Game{}.New(engine.Options{"bot_nodes": "5000", "setup": ""}, 1, 2)
	require.NoError(t, err)
	assert.Equal(t, startPosition, st.(*State).Position())
	assert.Equal(t, "ludicitude", Game{}.ID())
	assert.Equal(t, "Ludicitude", Game{}.Name())
	lo, hi := Game{}.Seats()
	assert.Equal(t, [2]int{2, 2}, [2]int{lo, hi})
}

// FuzzParsePosition: any text is either refused with a sentence or read as
// a position that writes back in the canonical notation, which reads back
// the same.
func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{
		startPosition,
		"W3.....B1/......./......./...#.../......./...W1.../.W2W1...B2 b 3/2",
		".b1b1b1b1b1./...b1.../......./...#.../......./...w1.../.w1w1w1w1w1. W 0/0",
		"......./......./......./...#.../......./......./....... w 12/0",
		".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 1/0",
		"......./......./......./......./......./......./....... w 0/0",
		"W0/ b 0/0", "#", "", "\xff/ w 1/1",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := parsePosition(text)
		if err != nil {
			if !engine.IsRefusal(err) || err.Error() == "" {
				t.Fatalf("%q: %v", text, err)
			}
			return
		}
		canon := b.notation()
		back, err := parsePosition(canon)
		if err != nil {
			t.Fatalf("%q writes as %q, which does not read back: %v", text, canon, err)
		}
		if back.hash != b.hash || back.notation() != canon || b.hash != b.computeHash() {
			t.Fatalf("%q writes as %q, which reads back differently", text, canon)
		}
		if strings.Count(canon, "#") != 1 || len(strings.Split(strings.Fields(canon)[0], "/")) != size {
			t.Fatalf("%q: odd canonical form %q", text, canon)
		}
		if _, err := (Game{}).New(engine.Options{"setup": text}, 1, 2); err != nil && !engine.IsRefusal(err) {
			t.Fatalf("%q: setup fails with %v", text, err)
		}
	})
}
