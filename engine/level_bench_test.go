package engine_test

import (
	"syscall"
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

// worst is the position of ps where level takes longest to answer, and
// that time: the level first plays every position of warm, as a server
// that has played other games (Amplitude's line caches then hold what
// any game meets), then each of ps once, timed, each met for the first
// time (played again, a position's lines are all in the caches). cpu is
// the most processor time a move took (the process's, its collector
// included): on a shared machine, where a move waits for a core, the
// figure that says what the move costs.
func worst(b *testing.B, warm, ps []engine.State, level engine.Level) (at engine.State, most, cpu time.Duration) {
	b.Helper()
	for i, st := range warm {
		if _, err := engine.BotMoveAt(st, st.ToMove(), level, uint64(i+1)); err != nil {
			b.Fatal(err)
		}
	}
	for i, st := range ps {
		start, used := time.Now(), processTime(b)
		if _, err := engine.BotMoveAt(st, st.ToMove(), level, uint64(i+1)); err != nil {
			b.Fatal(err)
		}
		if took := time.Since(start); took > most {
			at, most = st, took
		}
		cpu = max(cpu, processTime(b)-used)
	}
	return at, most, cpu
}

// processTime is the processor time the process has used, user and
// system.
func processTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkBotMoveAt is one computer move at each level in the worst
// position of a corpus, the positions of a few games played by the normal
// computer (Ludicitude's one game): the position where the level took
// longest in a pass over them all, after a game's positions to warm it
// (its time there, met for the first time, reported as worst-ms: the
// figure to quote on a quiet machine, worst-cpu-ms on a busy one), then
// timed again and again there (ns/op, which in
// Amplitude has every line of the position in its caches).
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
		warm := positions(b, g.game, []uint64{1}, g.limit)
		ps := positions(b, g.game, g.seeds, g.limit)
		for _, level := range engine.Levels {
			b.Run(g.game.ID()+"/"+string(level), func(b *testing.B) {
				st, most, cpu := worst(b, warm, ps, level)
				for i := 0; b.Loop(); i++ {
					if _, err := engine.BotMoveAt(st, st.ToMove(), level, uint64(i+1)); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(most.Microseconds())/1000, "worst-ms")
				b.ReportMetric(float64(cpu.Microseconds())/1000, "worst-cpu-ms")
			})
		}
	}
}
