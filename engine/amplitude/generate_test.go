package amplitude

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

var update = flag.Bool("update", false, "rewrite golden files and the position corpus")

const positionsDir = "testdata/positions"

// TestPositionsCorpus keeps testdata/positions: mid-game states from games
// between computer players, for the generator's tests and benchmarks. Run
// with -update to rebuild it.
func TestPositionsCorpus(t *testing.T) {
	if *update {
		writePositions(t)
	}
	positions := loadPositions(t)
	assert.GreaterOrEqual(t, len(positions), 20)
}

func writePositions(t *testing.T) {
	require.NoError(t, os.RemoveAll(positionsDir))
	require.NoError(t, os.MkdirAll(positionsDir, 0o755))
	for seed := uint64(100); seed < 108; seed++ {
		opts := engine.Options{}
		if seed%4 == 3 {
			opts["forbidden"] = "on"
		}
		st, err := Game{}.New(opts, seed, 2+int(seed%3))
		require.NoError(t, err)
		for n := 1; !st.Over(); n++ {
			if n == 4 || n == 7 || n == 10 {
				data, err := st.Encode()
				require.NoError(t, err)
				name := filepath.Join(positionsDir, fmt.Sprintf("seed%d-move%02d.json", seed, n))
				require.NoError(t, os.WriteFile(name, append(data, '\n'), 0o644))
			}
			m, err := st.BotMove(st.ToMove())
			require.NoError(t, err)
			st, _, err = st.Apply(st.ToMove(), m)
			require.NoError(t, err)
		}
	}
}

func loadPositions(tb testing.TB) []*State {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(positionsDir, "*.json"))
	require.NoError(tb, err)
	var out []*State
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(tb, err)
		s, err := decodeState(data)
		require.NoError(tb, err, f)
		out = append(out, s)
	}
	return out
}

type poseKey struct {
	at   square
	down bool
	line string
}

// TestGeneratedPosesAreLegal: every pose the generator lists passes the
// legality check with the same score, and random poses that look legal
// (the board's digits where tokens lie, rack tokens elsewhere) but that it
// does not list are refused.
func TestGeneratedPosesAreLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i, s := range loadPositions(t) {
		seat := s.ToMove()
		if seat < 0 {
			continue
		}
		listed := map[poseKey]int{}
		for _, p := range s.Poses(seat) {
			j, err := s.judgePose(seat, p.Move)
			require.NoError(t, err, "position %d: %s", i, p.Move)
			assert.Equal(t, p.Score, j.score, "position %d: %s", i, p.Move)
			listed[poseKey{p.Move.At, p.Move.Down, digitText(p.Move.Line)}] = p.Score
		}
		assert.Equal(t, len(listed) > 0, s.CanPose(seat), "position %d", i)
		refused := 0
		for range 3000 {
			m := randomPose(rng, s, seat)
			j, err := s.judgePose(seat, m)
			score, ok := listed[poseKey{m.At, m.Down, digitText(m.Line)}]
			if ok {
				require.NoError(t, err, "position %d: %s is listed", i, m)
				assert.Equal(t, score, j.score, "position %d: %s", i, m)
				continue
			}
			require.Error(t, err, "position %d: %s is not listed but was accepted", i, m)
			assert.True(t, engine.IsRefusal(err))
			refused++
		}
		assert.Positive(t, refused, "position %d", i)
	}
}

// randomPose builds a pose that looks plausible: a line of 3 to 8 squares
// through a token on the board, crossed squares holding their digits and the
// others filled with tokens drawn from the rack.
func randomPose(rng *rand.Rand, s *State, seat int) Move {
	var tokens []square
	for q, d := range s.board {
		if d != 0 {
			tokens = append(tokens, square(q))
		}
	}
	through := tokens[rng.IntN(len(tokens))]
	down := rng.IntN(2) == 0
	n := 3 + rng.IntN(6)
	start := through.step(down, -rng.IntN(n))
	m := Move{Kind: Pose, At: start, Down: down}
	rack := slices.Clone(s.racks[seat])
	rng.Shuffle(len(rack), func(i, j int) { rack[i], rack[j] = rack[j], rack[i] })
	r, c := start.row(), start.col()
	for i := range n {
		rr, cc := r+i, c
		if !down {
			rr, cc = r, c+i
		}
		if rr < 0 || cc < 0 || rr >= size || cc >= size {
			break
		}
		switch d := s.board[at(rr, cc)]; {
		case d != 0:
			m.Line = append(m.Line, d)
		case len(rack) > 0:
			m.Line = append(m.Line, rack[0])
			rack = rack[1:]
		default:
			m.Line = append(m.Line, byte(1+rng.IntN(9)))
		}
	}
	if r < 0 || c < 0 || len(m.Line) < 3 {
		m.At, m.Line = through, []byte{s.board[through], 1, 1}
	}
	return m
}

// The generator's benchmarks run one sub-benchmark per corpus position, so
// that the median over positions can be read off their figures.

func BenchmarkAmplitudeGenerate(b *testing.B) {
	benchPositions(b, false, func(s *State) { s.Poses(s.ToMove()) })
}

// BenchmarkAmplitudeGenerateCold empties every cache before each run: the
// cost of a position no search in the process has seen yet.
func BenchmarkAmplitudeGenerateCold(b *testing.B) {
	benchPositions(b, true, func(s *State) { s.Poses(s.ToMove()) })
}

func BenchmarkAmplitudeCanPose(b *testing.B) {
	benchPositions(b, false, func(s *State) { s.CanPose(s.ToMove()) })
}

func benchPositions(b *testing.B, cold bool, run func(*State)) {
	files, err := filepath.Glob(filepath.Join(positionsDir, "*.json"))
	require.NoError(b, err)
	for i, s := range loadPositions(b) {
		b.Run(strings.TrimSuffix(filepath.Base(files[i]), ".json"), func(b *testing.B) {
			if !cold {
				run(s) // warm: not the first, cold run
			}
			for b.Loop() {
				if cold {
					b.StopTimer()
					resetCaches()
					b.StartTimer()
				}
				run(s)
			}
		})
	}
}

// resetCaches empties every process-wide cache, as in a process that has
// searched nothing yet. The embedded table of short lines' scores is data,
// not a cache, and stays.
func resetCaches() {
	bestPlain.reset()
	bestForbidden.reset()
	midSetsPlain.reset()
	midSetsForbidden.reset()
	for _, m := range []*flatMemo[atomic.Pointer[valueSet]]{setsPlain, setsForbidden} {
		for i := range m.slots {
			m.slots[i].Store(nil)
		}
	}
}
