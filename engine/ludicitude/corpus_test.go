package ludicitude

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// positionsFile holds mid-game positions, one a line in the notation of the
// rules, from games between the computer player and a random player: the
// generator's tests and benchmarks use them. Run with -update to rebuild.
const positionsFile = "testdata/positions.txt"

func TestPositionsCorpus(t *testing.T) {
	if *update {
		writePositions(t)
	}
	positions := loadPositions(t)
	assert.GreaterOrEqual(t, len(positions), 30)
	withReserve := 0
	for _, p := range positions {
		s := setup(t, p)
		if s.Reserve(s.ToMove()) > 0 {
			withReserve++
		}
	}
	assert.GreaterOrEqual(t, withReserve, 5, "positions with drops")
}

func writePositions(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Mid-game positions from games between the computer player (1000 nodes) and a\n")
	b.WriteString("# random player, then between computer players of 1000 and 3000 nodes; rebuilt\n")
	b.WriteString("# by go test -run TestPositionsCorpus -update.\n")
	for g := range 10 {
		st, err := Game{}.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
		require.NoError(t, err)
		s := st.(*State)
		rng := rand.New(rand.NewPCG(uint64(g), 99))
		for turn := 1; !s.Over(); turn++ {
			if turn%9 == 0 {
				if _, err := (Game{}).New(engine.Options{"setup": s.Position()}, 1, 2); err == nil {
					b.WriteString(s.Position() + "\n")
				}
			}
			var m engine.Move
			switch {
			case g >= 6:
				r, err := s.Search(s.ToMove(), Limits{Nodes: int64(1000 + 2000*((g+s.ToMove())%2))})
				require.NoError(t, err)
				m = r.Move
			case s.ToMove() == g%2:
				m, err = s.BotMove(s.ToMove())
				require.NoError(t, err)
			default:
				acts := s.Actions()
				m = acts[rng.IntN(len(acts))]
			}
			next, _, err := s.Apply(s.ToMove(), m)
			require.NoError(t, err)
			s = next.(*State)
			if turn >= 120 {
				break
			}
		}
	}
	b.WriteString("# Positions written by hand, for drops: corners taken, drops refused.\n")
	for _, p := range []string{
		layout("w 2/1", "a1 W1", "g1 B1", "a7 B1", "g7 W2", "c3 B2", "e5 W1", "b2 B1"),
		layout("b 1/3", "a1 W1", "c2 B1", "e6 W3", "f6 B1", "c5 W2"),
		layout("w 3/2", "b1 B1", "a3 B1", "g2 W1", "e1 W1", "c4 W2", "e4 B3"),
		layout("b 0/2", "a1 B1", "g1 W1", "a7 W1", "g7 B1", "c2 W1", "f6 W3", "e7 W1", "b6 B2"),
	} {
		setup(t, p)
		b.WriteString(p + "\n")
	}
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	require.NoError(t, os.WriteFile(positionsFile, []byte(b.String()), 0o644))
}

func loadPositions(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open(positionsFile)
	require.NoError(tb, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	require.NoError(tb, sc.Err())
	return out
}

// TestLegalAgreesWithActions: on every corpus position, every slide between
// two squares and every drop is accepted by Legal exactly when Actions
// lists it, and a listed slide with its promotions named is accepted too.
func TestLegalAgreesWithActions(t *testing.T) {
	for _, pos := range append(loadPositions(t), startPosition) {
		s := setup(t, pos)
		seat := s.ToMove()
		listed := map[string]bool{}
		for _, m := range s.Actions() {
			require.NoError(t, s.Legal(seat, m), "%s in %s", m, pos)
			bare := m
			bare.Promote = nil
			listed[bare.String()] = true
		}
		for from := Square(0); from < squares; from++ {
			for to := Square(0); to < squares; to++ {
				m := Move{Kind: Slide, From: from, To: to}
				err := s.Legal(seat, m)
				assert.Equal(t, listed[m.String()], err == nil, "%s in %s: %v", m, pos, err)
				if err != nil {
					assert.True(t, engine.IsRefusal(err))
				}
			}
			m := Move{Kind: Drop, From: NoSquare, To: from}
			err := s.Legal(seat, m)
			assert.Equal(t, listed[m.String()], err == nil, "%s in %s: %v", m, pos, err)
		}
	}
}

// TestHashFollowsThePosition: along random games the incremental Zobrist
// key always equals the key computed from scratch, and the position written
// and read back gives the same key.
func TestHashFollowsThePosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 20 {
		st, err := Game{}.New(nil, 1, 2)
		require.NoError(t, err)
		s := st.(*State)
		for !s.Over() {
			acts := s.Actions()
			next, _, err := s.Apply(s.ToMove(), acts[rng.IntN(len(acts))])
			require.NoError(t, err)
			s = next.(*State)
			require.Equal(t, s.b.computeHash(), s.b.hash, s.Position())
			back, err := parsePosition(s.Position())
			require.NoError(t, err)
			require.Equal(t, s.b.hash, back.hash)
			require.Equal(t, s.b.cell, back.cell)
		}
	}
}

func TestGeometry(t *testing.T) {
	assert.Equal(t, fmt.Sprintf("%x", fileA), "40810204081")
	assert.Equal(t, uint64(0), fileA&fileG)
	assert.Equal(t, []Square{0, 6, 42, 48}, squaresOf(cornerMask))
	var near []string
	for _, q := range squaresOf(nearCornerMask) {
		near = append(near, q.String())
	}
	assert.Equal(t, []string{"b1", "f1", "a2", "g2", "a6", "g6", "b7", "f7"}, near)
	for q := range squares {
		var byShift, byTable uint64
		byShift = expand(bit(q)) &^ wallBit
		for d := range 4 {
			if n := neighbour[q][d]; n >= 0 {
				byTable |= bit(int(n))
			}
		}
		assert.Equal(t, byTable, byShift, Square(q).String())
	}
}
