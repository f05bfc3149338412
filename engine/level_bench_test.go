package engine_test

import (
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// positions are the states of a game played by its normal computer from
// seed, one before each move, up to limit: the positions a computer seat
// meets, early, middle and late.
func positions(b *testing.B, g engine.Game, opts engine.Options, seed uint64, limit int) []engine.State {
	b.Helper()
	st, err := g.New(opts, seed, 2)
	if err != nil {
		b.Fatal(err)
	}
	var out []engine.State
	for i := 0; i < limit && !st.Over(); i++ {
		out = append(out, st)
		m, err := engine.BotMoveAt(st, st.ToMove(), engine.LevelNormal, uint64(i+1))
		if err != nil {
			b.Fatal(err)
		}
		if st, _, err = st.Apply(st.ToMove(), m); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkBotMoveAt is one computer move at each level, over the
// positions of a game (each iteration the next position, round): the
// time a computer seat takes to answer, against point 5's limits (normal
// under 100 ms, strong under 1 s), with the worst position's time.
// Ludicitude plays at its default budget.
func BenchmarkBotMoveAt(b *testing.B) {
	for _, g := range []struct {
		game  engine.Game
		limit int
	}{{amplitude.Game{}, 40}, {chiffres.Game{}, 60}, {ludicitude.Game{}, 60}} {
		ps := positions(b, g.game, nil, 5, g.limit)
		for _, level := range engine.Levels {
			b.Run(g.game.ID()+"/"+string(level), func(b *testing.B) {
				var worst time.Duration
				for i := 0; b.Loop(); i++ {
					st := ps[i%len(ps)]
					start := time.Now()
					if _, err := engine.BotMoveAt(st, st.ToMove(), level, uint64(i+1)); err != nil {
						b.Fatal(err)
					}
					worst = max(worst, time.Since(start))
				}
				b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms/move")
			})
		}
	}
}
