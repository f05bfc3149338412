package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/lang"
)

// Every game's computer explains its moves without changing them:
// BotMoveWhy plays what BotMoveAt plays at each level; easy says nothing;
// and a game of points says where its normal move's score stands in both
// languages.
func TestEveryGameExplainsItsMoves(t *testing.T) {
	for _, g := range []struct {
		game   engine.Game
		opts   engine.Options
		points bool
	}{
		{amplitude.Game{}, nil, true},
		{chiffres.Game{}, nil, true},
		{ludicitude.Game{}, engine.Options{"bot_nodes": "2000"}, false},
	} {
		t.Run(g.game.ID(), func(t *testing.T) {
			st, err := g.game.New(g.opts, 5, 2)
			require.NoError(t, err)
			require.Implements(t, (*engine.ExplainingBot)(nil), st)
			for i := range 6 {
				seat := st.ToMove()
				for _, level := range engine.Levels {
					if level == engine.LevelStrong && i%3 != 2 {
						continue // strong is slow: a few positions suffice
					}
					seed := uint64(i + 1)
					want, err := engine.BotMoveAt(st, seat, level, seed)
					require.NoError(t, err)
					got, why, err := engine.BotMoveWhy(st, seat, level, seed)
					require.NoError(t, err)
					assert.Equal(t, want.String(), got.String(), "move %d at %s", i+1, level)
					if level == engine.LevelEasy {
						assert.True(t, why.IsZero(), "easy says nothing: %s", why)
					}
					if g.points && level == engine.LevelNormal {
						assert.NotEmpty(t, why.In(lang.English), "move %d", i+1)
						assert.NotEqual(t, why.In(lang.English), why.In(lang.French))
					}
				}
				m, err := engine.BotMoveAt(st, seat, engine.LevelNormal, uint64(i+1))
				require.NoError(t, err)
				st, _, err = st.Apply(seat, m)
				require.NoError(t, err)
			}
		})
	}
}
