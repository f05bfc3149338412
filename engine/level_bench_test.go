package engine_test

import (
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// positions are the states of games played by the normal computer from
// seeds, one before each move, up to limit moves a game: the positions a
// computer seat meets, early, middle and late.
func positions(b *testing.B, g engine.Game, seeds []uint64, limit int) []engine.State {
	b.Helper()
	var out []engine.State
	for _, seed := range seeds {
		st, err := g.New(nil, seed, 2)
		if err != nil {
			b.Fatal(err)
		}
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
	}
	return out
}

// worst is the position of ps where level takes longest to answer, timed
// once each, and that time.
func worst(b *testing.B, ps []engine.State, level engine.Level) (engine.State, time.Duration) {
	b.Helper()
	var at engine.State
	var most time.Duration
	for i, st := range ps {
		start := time.Now()
		if _, err := engine.BotMoveAt(st, st.ToMove(), level, uint64(i+1)); err != nil {
			b.Fatal(err)
		}
		if took := time.Since(start); took > most {
			at, most = st, took
		}
	}
	return at, most
}

// BenchmarkBotMoveAt is one computer move at each level in the worst
// position of a corpus, the positions of a few games played by the normal
// computer (Ludicitude's one game): the position where the level took longest in a first pass
// over them all (reported as first-ms, caches then cold for the first
// positions), then timed again and again there (ns/op, caches warm).
// Point 5's limits are on it: normal under 100 ms, strong under 1 s.
// Ludicitude plays at its default budget.
func BenchmarkBotMoveAt(b *testing.B) {
	for _, g := range []struct {
		game  engine.Game
		seeds []uint64
		limit int
	}{
		{amplitude.Game{}, []uint64{5, 6, 7, 8}, 40},
		{chiffres.Game{}, []uint64{5, 6, 7, 8}, 60},
		{ludicitude.Game{}, []uint64{5}, 40}, // its strong level takes seconds a move: one game
	} {
		ps := positions(b, g.game, g.seeds, g.limit)
		for _, level := range engine.Levels {
			b.Run(g.game.ID()+"/"+string(level), func(b *testing.B) {
				st, first := worst(b, ps, level)
				for i := 0; b.Loop(); i++ {
					if _, err := engine.BotMoveAt(st, st.ToMove(), level, uint64(i+1)); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(first.Microseconds())/1000, "first-ms")
			})
		}
	}
}
