package engine_test

import (
	"testing"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// BenchmarkBotMoveWhy is BenchmarkBotMoveAt with the line that explains
// the move: the difference is what the explanation costs.
func BenchmarkBotMoveWhy(b *testing.B) {
	for _, g := range []struct {
		game  engine.Game
		limit int
	}{{amplitude.Game{}, 40}, {chiffres.Game{}, 60}, {ludicitude.Game{}, 60}} {
		ps := positions(b, g.game, []uint64{5}, g.limit)
		for _, level := range engine.Levels {
			b.Run(g.game.ID()+"/"+string(level), func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					st := ps[i%len(ps)]
					if _, _, err := engine.BotMoveWhy(st, st.ToMove(), level, uint64(i+1)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
