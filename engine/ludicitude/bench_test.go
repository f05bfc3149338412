package ludicitude

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// benchStates are the corpus positions, each a fresh game set up from it.
func benchStates(b *testing.B) []*State {
	b.Helper()
	var out []*State
	for _, p := range loadPositions(b) {
		out = append(out, setup(b, p))
	}
	require.NotEmpty(b, out)
	return out
}

// BenchmarkLudicitudeGenerate lists every legal move of one position, in
// the public form (promotions chosen, answers included), cycling over the
// corpus: ns/op is the time for one position.
func BenchmarkLudicitudeGenerate(b *testing.B) {
	states := benchStates(b)
	moves := 0
	for i := 0; b.Loop(); i++ {
		s := states[i%len(states)]
		moves += len(s.LegalMoves(s.ToMove()))
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}

// BenchmarkLudicitudeGenerateInternal is the search's own generator, on
// the same positions: slides and drops in compact form.
func BenchmarkLudicitudeGenerateInternal(b *testing.B) {
	states := benchStates(b)
	buf := make([]action, 0, maxActions)
	for i := 0; b.Loop(); i++ {
		buf = states[i%len(states)].b.actions(buf[:0])
	}
}

// BenchmarkLudicitudeSearch runs the computer player's search for 200,000
// nodes from the start and from ten corpus positions in turn, reporting
// its speed in nodes per second and the depth it completes.
func BenchmarkLudicitudeSearch(b *testing.B) {
	states := append([]*State{setup(b, startPosition)}, benchStates(b)[:10]...)
	var nodes int64
	depth := 0
	for i := 0; b.Loop(); i++ {
		s := states[i%len(states)]
		r, err := s.Search(s.ToMove(), Limits{Nodes: 200_000})
		require.NoError(b, err)
		nodes += r.Nodes
		depth += r.Depth
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(depth)/float64(b.N), "depth")
}

// BenchmarkLudicitudeEval is the evaluation of one position.
func BenchmarkLudicitudeEval(b *testing.B) {
	states := benchStates(b)
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += states[i%len(states)].b.eval(&defaultWeights)
	}
	_ = sum
}
