package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// Every game's computer plays at each level: normal exactly as its plain
// BotMove (or its seeded choice), strong a legal move, and easy a legal
// move that varies with the seed and is often not its best, the same for
// the same seed.
func TestEveryGamePlaysAtEachLevel(t *testing.T) {
	games := []struct {
		game engine.Game
		opts engine.Options
	}{
		{amplitude.Game{}, nil},
		{chiffres.Game{}, nil},
		{ludicitude.Game{}, engine.Options{"bot_nodes": "2000"}},
	}
	for _, g := range games {
		t.Run(g.game.ID(), func(t *testing.T) {
			st, err := g.game.New(g.opts, 11, 2)
			require.NoError(t, err)
			// A few moves in, so that there are choices.
			for range 4 {
				m, err := st.BotMove(st.ToMove())
				require.NoError(t, err)
				st, _, err = st.Apply(st.ToMove(), m)
				require.NoError(t, err)
			}
			seat := st.ToMove()
			best, err := st.BotMove(seat)
			require.NoError(t, err)
			normal, err := engine.BotMoveAt(st, seat, engine.LevelNormal, 0)
			require.NoError(t, err)
			assert.Equal(t, best.String(), normal.String(), "normal is the plain computer")
			strong, err := engine.BotMoveAt(st, seat, engine.LevelStrong, 5)
			require.NoError(t, err)
			assert.NoError(t, st.Legal(seat, strong))
			easy := map[string]bool{}
			for seed := range uint64(40) {
				m, err := engine.BotMoveAt(st, seat, engine.LevelEasy, seed+1)
				require.NoError(t, err)
				require.NoError(t, st.Legal(seat, m), m.String())
				again, err := engine.BotMoveAt(st, seat, engine.LevelEasy, seed+1)
				require.NoError(t, err)
				assert.Equal(t, m.String(), again.String(), "one seed, one move")
				easy[m.String()] = true
			}
			assert.Greater(t, len(easy), 1, "easy varies with the seed")
			delete(easy, best.String())
			assert.NotEmpty(t, easy, "easy plays other moves than its best")
		})
	}
}
