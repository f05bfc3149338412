package ludicitude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

// The line of a computer's move says the cubes it saves and the captures
// it threatens, read off the board, in English and in French.
func TestWhy(t *testing.T) {
	for _, c := range []struct {
		name, position, move string
		en, fr               string
	}{
		{"the start: nothing to say", "", "b1-b2", "", ""},
		{"a threat by custodian",
			layout("w 0/0", "e3 W1", "g3 W1", "f4 B1", "a7 B1"), "g3-g4",
			"Threatens to capture f4 (e3-e4).", "Menace de capturer f4 (e3-e4)."},
		{"a cube out of danger",
			layout("w 0/0", "c3 W1", "g1 W1", "b3 B1", "e3 B1"), "c3-c4",
			"Saves c3 from capture.", "Met c3 à l'abri d'une capture."},
		{"a threat by enclosure, told once however many slides make it",
			layout("w 0/0", "a3 W1", "b3 W2", "c1 W1", "a1 B1", "g7 B1"), "a3-a2",
			"Threatens to capture a1 (b3-b1).", "Menace de capturer a1 (b3-b1)."},
		{"a drop that threatens",
			layout("w 1/0", "e2 W1", "f1 B1", "g7 B1"), "drop g1",
			"Threatens to capture f1 (e2-e1).", "Menace de capturer f1 (e2-e1)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s *State
			if c.position == "" {
				st, err := Game{}.New(nil, 1, 2)
				require.NoError(t, err)
				s = st.(*State)
			} else {
				s = setup(t, c.position)
			}
			m, err := ParseMove(c.move)
			require.NoError(t, err)
			require.NoError(t, s.Legal(s.ToMove(), m))
			why := s.why(s.ToMove(), m)
			assert.Equal(t, c.en, why.In(lang.English))
			assert.Equal(t, c.fr, why.In(lang.French))
		})
	}
}

// The line names three threats at most, and joins the cubes saved and
// the threats.
func TestWhyLine(t *testing.T) {
	sq := func(names ...string) uint64 {
		var set uint64
		for _, n := range names {
			q, err := ParseSquare(n)
			if err != nil {
				panic(err)
			}
			set |= bit(int(q))
		}
		return set
	}
	slide := func(from, to string) Move {
		m, err := ParseMove(from + "-" + to)
		if err != nil {
			panic(err)
		}
		return m
	}
	four := []threat{{slide("e2", "e4"), sq("e5", "e6")}, {slide("c3", "c5"), sq("d5")}, {slide("a1", "a2"), sq("a3")}, {slide("g1", "g2"), sq("g3")}}
	for _, c := range []struct {
		name    string
		saved   uint64
		threats []threat
		en, fr  string
	}{
		{"nothing", 0, nil, "", ""},
		{"two threats", 0, four[:2],
			"Threatens to capture e5 and e6 (e2-e4) and d5 (c3-c5).", "Menace de capturer e5 et e6 (e2-e4) et d5 (c3-c5)."},
		{"more than three", 0, four,
			"Threatens to capture e5 and e6 (e2-e4), d5 (c3-c5), a3 (a1-a2) and more.", "Menace de capturer e5 et e6 (e2-e4), d5 (c3-c5), a3 (a1-a2) et d'autres."},
		{"saves two", sq("c3", "b2"), nil, "Saves b2 and c3 from capture.", "Met b2 et c3 à l'abri d'une capture."},
		{"saves and threatens", sq("c3"), four[1:2],
			"Saves c3 from capture. Threatens to capture d5 (c3-c5).", "Met c3 à l'abri d'une capture. Menace de capturer d5 (c3-c5)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			why := whyLine(c.saved, c.threats)
			assert.Equal(t, c.en, why.In(lang.English))
			assert.Equal(t, c.fr, why.In(lang.French))
		})
	}
}

// BotMoveWhy plays the move BotMoveAt plays at every level, and easy says
// nothing.
func TestBotMoveWhyPlaysBotMoveAt(t *testing.T) {
	s := setup(t, layout("w 0/0", "e3 W1", "g3 W1", "f4 B1", "a7 B1"))
	s.opts.botNodes = 2000
	for _, level := range engine.Levels {
		for seed := range uint64(3) {
			want, err := s.BotMoveAt(White, level, seed+1)
			require.NoError(t, err)
			got, why, err := s.BotMoveWhy(White, level, seed+1)
			require.NoError(t, err)
			assert.Equal(t, want.String(), got.String(), "%s, seed %d", level, seed+1)
			if level == engine.LevelEasy {
				assert.True(t, why.IsZero(), "easy says nothing: %s", why)
			} else {
				assert.Equal(t, s.why(White, got), why)
			}
		}
	}
}
