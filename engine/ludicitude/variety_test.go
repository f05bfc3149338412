package ludicitude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// selfPlay plays plies moves from the start between seeded computer
// players on a small budget, the seed of each move drawn from seed, and
// returns the moves as played.
func selfPlay(t *testing.T, seed uint64, plies int) []string {
	t.Helper()
	st, err := Game{}.New(engine.Options{"bot_nodes": "2000"}, 1, 2)
	require.NoError(t, err)
	seeds := engine.NewRand(seed)
	var moves []string
	for range plies {
		require.False(t, st.Over())
		m, err := st.(*State).BotMoveSeeded(st.ToMove(), seeds.Uint64()|1)
		require.NoError(t, err)
		next, out, err := st.Apply(st.ToMove(), m)
		require.NoError(t, err)
		moves = append(moves, out.Move)
		st = next
	}
	return moves
}

// TestSeededBotVaries: from the start, seeded computer players play other
// games for other seeds, and the same game again for the same seed.
func TestSeededBotVaries(t *testing.T) {
	a, b := selfPlay(t, 1, 12), selfPlay(t, 2, 12)
	assert.NotEqual(t, a, b, "two seeds, two games")
	assert.Equal(t, a, selfPlay(t, 1, 12), "one seed, one game")

	// Over many seeds, the first move itself varies.
	st, err := Game{}.New(engine.Options{"bot_nodes": "2000"}, 1, 2)
	require.NoError(t, err)
	firsts := map[string]bool{}
	for seed := range uint64(20) {
		m, err := st.(*State).BotMoveSeeded(White, seed+1)
		require.NoError(t, err)
		firsts[m.String()] = true
	}
	assert.Greater(t, len(firsts), 2, "first moves: %v", firsts)
}

// TestSeededBotSearchesAsToday: seed 0 is BotMove's move, and a search
// with a margin finds the same best move, score and depth as one without:
// the margin only adds the near moves, on top of the budget.
func TestSeededBotSearchesAsToday(t *testing.T) {
	st, err := Game{}.New(engine.Options{"bot_nodes": "5000"}, 1, 2)
	require.NoError(t, err)
	s := st.(*State)
	best, err := s.BotMove(White)
	require.NoError(t, err)
	zero, err := s.BotMoveSeeded(White, 0)
	require.NoError(t, err)
	assert.Equal(t, best, zero)

	for _, pos := range loadPositions(t)[:8] {
		s := setup(t, pos)
		plain, err := s.Search(s.ToMove(), Limits{Nodes: 20000})
		require.NoError(t, err)
		wide, err := s.Search(s.ToMove(), Limits{Nodes: 20000, Margin: varietyMargin})
		require.NoError(t, err)
		assert.Equal(t, plain.Move, wide.Move, pos)
		assert.Equal(t, plain.Score, wide.Score, pos)
		assert.Equal(t, plain.Depth, wide.Depth, pos)
		assert.Empty(t, plain.Near, pos)
		assert.LessOrEqual(t, wide.Nodes, int64(20000+20000/4), pos)
	}
}

// TestSeededBotStaysWithinTheMargin: every near move scores less than the
// margin below the best, by the search's own account and by a search of
// the position after it to the same depth.
func TestSeededBotStaysWithinTheMargin(t *testing.T) {
	const depth = 4
	for _, pos := range loadPositions(t)[:6] {
		s := setup(t, pos)
		seat := s.ToMove()
		r, err := s.Search(seat, Limits{Depth: depth, Margin: varietyMargin})
		require.NoError(t, err)
		if r.Score > mateBound || r.Score < -mateBound {
			assert.Empty(t, r.Near, "a forced result is played as found")
			continue
		}
		require.NotEmpty(t, r.Near, pos)
		assert.Equal(t, ScoredMove{Move: r.Move, Score: r.Score}, r.Near[0], "the best comes first")
		for _, n := range r.Near {
			assert.Greater(t, n.Score, r.Score-varietyMargin, "%s in %s", n.Move, pos)
			assert.LessOrEqual(t, n.Score, r.Score, "%s in %s", n.Move, pos)
			// The same depth searched again from the position after the move.
			next, _, err := s.Apply(seat, n.Move)
			require.NoError(t, err)
			if next.Over() {
				continue
			}
			reply, err := next.(*State).Search(seat^1, Limits{Depth: depth - 1})
			require.NoError(t, err)
			assert.Greater(t, -reply.Score, r.Score-varietyMargin, "%s in %s", n.Move, pos)
		}
	}
}

// TestSeededBotPlaysNearMoves: a seeded computer player plays one of the
// near moves its search finds on the game's budget, and for several seeds
// more than one of them.
func TestSeededBotPlaysNearMoves(t *testing.T) {
	for _, pos := range loadPositions(t)[:6] {
		st, err := Game{}.New(engine.Options{"setup": pos, "bot_nodes": "5000"}, 1, 2)
		require.NoError(t, err)
		s := st.(*State)
		seat := s.ToMove()
		r, err := s.Search(seat, Limits{Nodes: 5000, Margin: varietyMargin})
		require.NoError(t, err)
		near := map[string]bool{}
		for _, n := range r.Near {
			near[n.Move.String()] = true
		}
		played := map[string]bool{}
		for seed := range uint64(10) {
			m, err := s.BotMoveSeeded(seat, seed+1)
			require.NoError(t, err)
			played[m.String()] = true
			assert.True(t, near[m.String()], "seed %d played %s, not a near move in %s", seed+1, m, pos)
		}
		if len(near) > 2 {
			assert.Greater(t, len(played), 1, pos)
		}
	}
}

// TestSeededBotTakesAWin: with a win at hand, every seed takes it.
func TestSeededBotTakesAWin(t *testing.T) {
	s := setup(t, layout("w 0/3", "b2 W1", "b4 B1", "b5 W1", "g1 W1", "f7 W1"))
	for seed := range uint64(5) {
		m, err := s.BotMoveSeeded(White, seed+1)
		require.NoError(t, err)
		assert.Equal(t, "b2-b3 +g1", m.String())
	}
}
