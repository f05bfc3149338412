package chiffres

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

var update = flag.Bool("update", false, "rewrite golden files and the position corpus")

const positionsDir = "testdata/positions"

// TestPositionsCorpus keeps testdata/positions: states from games between
// computer players, early, middle and late, for the generator's tests and
// benchmarks. Run with -update to rebuild it.
func TestPositionsCorpus(t *testing.T) {
	if *update {
		writePositions(t)
	}
	positions := loadPositions(t)
	assert.GreaterOrEqual(t, len(positions), 30)
}

func writePositions(t *testing.T) {
	require.NoError(t, os.RemoveAll(positionsDir))
	require.NoError(t, os.MkdirAll(positionsDir, 0o755))
	for seed := uint64(100); seed < 108; seed++ {
		var st engine.State = newGame(t, nil, seed, 2+int(seed%3))
		for n := 1; !st.Over(); n++ {
			if n%10 == 5 {
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

func positionFiles(tb testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(positionsDir, "*.json"))
	require.NoError(tb, err)
	return files
}

func loadPositions(tb testing.TB) []*State {
	tb.Helper()
	var out []*State
	for _, f := range positionFiles(tb) {
		data, err := os.ReadFile(f)
		require.NoError(tb, err)
		s, err := decodeState(data)
		require.NoError(tb, err, f)
		out = append(out, s)
	}
	return out
}

// TestGenerateAgreesWithLegal: for every seat of every corpus position, the
// generator lists exactly the placements Legal accepts (every digit on every
// square tried), each with the score Apply gives it.
func TestGenerateAgreesWithLegal(t *testing.T) {
	for i, s := range loadPositions(t) {
		for seat := range s.hands {
			if s.resigned[seat] {
				continue
			}
			listed := map[Move]int{}
			for _, p := range s.Placements(seat) {
				listed[p.Move] = p.Score
			}
			assert.Equal(t, len(listed) > 0, s.CanPlace(seat))
			probe := s.clone()
			probe.toMove = seat
			for q := range Square(cells) {
				for d := range 10 {
					m := Move{Kind: Place, Digit: d, At: q}
					score, ok := listed[m]
					err := probe.Legal(seat, m)
					if !ok {
						require.Error(t, err, "position %d seat %d: %s is not listed", i, seat, m)
						assert.True(t, engine.IsRefusal(err))
						continue
					}
					require.NoError(t, err, "position %d seat %d: %s is listed", i, seat, m)
					_, out, err := probe.Apply(seat, m)
					require.NoError(t, err)
					assert.Equal(t, score, out.Score, "position %d seat %d: %s", i, seat, m)
				}
			}
		}
	}
}

func TestLegalMoves(t *testing.T) {
	s := position(t, "E5=4", "03579", "12468")
	var got []string
	for _, m := range s.LegalMoves(0) {
		got = append(got, m.String())
	}
	assert.Equal(t, []string{"0 E4", "3 F5", "draw", "resign"}, got)
	assert.Equal(t, []engine.Move{Move{Kind: Draw}, Move{Kind: Resign}}, s.LegalMoves(1), "out of turn, only draw and resign")
	assert.Nil(t, s.LegalMoves(2))
	assert.Nil(t, s.LegalMoves(-1))
}

// BenchmarkChiffresGenerate lists every placement with its score, for the
// seat to move, over the corpus positions, one sub-benchmark each; ns/op is
// the time per position. The bar is 20 µs.
func BenchmarkChiffresGenerate(b *testing.B) {
	benchPositions(b, func(s *State, buf []ScoredMove) []ScoredMove { return s.Generate(s.ToMove(), buf) })
}

// BenchmarkChiffresBot is the computer player's choice per position.
func BenchmarkChiffresBot(b *testing.B) {
	benchPositions(b, func(s *State, buf []ScoredMove) []ScoredMove {
		s.bestPlacement(s.ToMove(), buf)
		return buf
	})
}

// BenchmarkChiffresApply is one placement applied, automatic passes and
// the next seat's check included.
func BenchmarkChiffresApply(b *testing.B) {
	benchPositions(b, func(s *State, buf []ScoredMove) []ScoredMove {
		m, _ := s.bestPlacement(s.ToMove(), buf)
		if _, _, err := s.Apply(s.ToMove(), m.Move); err != nil {
			b.Fatal(err)
		}
		return buf
	})
}

func benchPositions(b *testing.B, run func(*State, []ScoredMove) []ScoredMove) {
	files := positionFiles(b)
	for i, s := range loadPositions(b) {
		b.Run(strings.TrimSuffix(filepath.Base(files[i]), ".json"), func(b *testing.B) {
			buf := make([]ScoredMove, 0, cells)
			for b.Loop() {
				buf = run(s, buf)
			}
		})
	}
}
