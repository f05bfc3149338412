package picture

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// BenchmarkPNG draws each game's fullest board, as a turn mail does, the
// same board again and again:
// go test ./picture -run XXX -bench PNG -count 6.
func BenchmarkPNG(b *testing.B) {
	for _, f := range fixtures(b) {
		if !strings.HasSuffix(f.name, "-full") {
			continue
		}
		d := f.diagram()
		b.Run(f.game.ID(), func(b *testing.B) {
			var size int
			for b.Loop() {
				data, err := PNG(d)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// BenchmarkPNGFresh draws the boards of a whole game of each type, one
// after the other and again, each with the marks of its last move: the
// squares' images are drawn once, as in a daemon that has drawn some
// boards of the game, but no picture is ever the one drawn just before.
// bytes is the mean size.
func BenchmarkPNGFresh(b *testing.B) {
	for _, g := range []struct {
		game  engine.Game
		opts  engine.Options
		seats int
	}{
		{amplitude.Game{}, nil, 2},
		{chiffres.Game{}, nil, 3},
		{ludicitude.Game{}, engine.Options{"bot_nodes": "1000"}, 2},
	} {
		boards := played(b, g.game, g.opts, 11, g.seats, 60)
		b.Run(g.game.ID(), func(b *testing.B) {
			size, n := 0, 0
			for b.Loop() {
				data, err := PNG(boards[n%len(boards)])
				if err != nil {
					b.Fatal(err)
				}
				size += len(data)
				n++
			}
			b.ReportMetric(float64(size)/float64(n), "bytes")
		})
	}
}

// played is the boards of a game of g between computer players, at most
// most of them: after each move, as its turn mail shows it to the first
// seat, the move marked.
func played(t testing.TB, g engine.Game, opts engine.Options, seed uint64, seats, most int) []engine.Diagram {
	st, err := g.New(opts, seed, seats)
	require.NoError(t, err)
	var boards []engine.Diagram
	for len(boards) < most && !st.Over() {
		m, err := st.BotMove(st.ToMove())
		require.NoError(t, err)
		before := st
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err)
		boards = append(boards, st.(engine.Diagrammer).Diagram(engine.View{Seat: 0, Before: before}))
	}
	require.NotEmpty(t, boards)
	return boards
}
