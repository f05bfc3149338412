package chiffres

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// The strong level plays one of its best placements by score, the same
// for the same seed.
func TestStrongPlaysAmongItsBestPlacements(t *testing.T) {
	st, err := Game{}.New(nil, 21, 2)
	require.NoError(t, err)
	for range 6 {
		m, err := st.BotMove(st.ToMove())
		require.NoError(t, err)
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err)
	}
	s := st.(*State)
	seat := s.ToMove()
	moves := s.Generate(seat, nil)
	require.NotEmpty(t, moves)
	byMove := map[string]int{}
	var scores []int
	for _, m := range moves {
		byMove[m.Move.String()] = max(byMove[m.Move.String()], m.Score)
		scores = append(scores, m.Score)
	}
	slices.Sort(scores)
	slices.Reverse(scores)
	floor := scores[min(len(scores), strongCandidates)-1]
	m, err := engine.BotMoveAt(st, seat, engine.LevelStrong, 3)
	require.NoError(t, err)
	score, ok := byMove[m.String()]
	require.True(t, ok, "a placement: %s", m)
	assert.GreaterOrEqual(t, score, floor)
	again, err := engine.BotMoveAt(st, seat, engine.LevelStrong, 3)
	require.NoError(t, err)
	assert.Equal(t, m.String(), again.String())
}

// minimax is seat's lead in s when both sides play their best to the
// end, searched without a cap: what the endgame search must find.
func minimax(s *State, seat int) int {
	if s.over {
		return s.lead(seat)
	}
	mover := s.toMove
	best := 0
	for i, m := range s.Generate(mover, nil) {
		v := minimax(s.quickPlace(mover, m.Move), seat)
		if i == 0 || mover == seat && v > best || mover != seat && v < best {
			best = v
		}
	}
	return best
}

// Once the bank is empty, the strong level plays a placement that wins
// as much as the best play to the end can, in endgames of computer games
// with few tokens left (where a search without cap is quick).
func TestStrongPlaysEndgamesOut(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 12; seed++ {
		st, err := Game{}.New(nil, seed, 2)
		require.NoError(t, err)
		s := st.(*State)
		for !s.over && (s.bank != "" || s.hands[0].size()+s.hands[1].size() > 6) {
			m, err := s.BotMove(s.toMove)
			require.NoError(t, err)
			next, _, err := s.Apply(s.toMove, m)
			require.NoError(t, err)
			s = next.(*State)
		}
		if s.over {
			continue
		}
		seat := s.toMove
		m, err := s.BotMoveAt(seat, engine.LevelStrong, 1)
		require.NoError(t, err)
		want := minimax(s, seat)
		assert.Equal(t, want, minimax(s.quickPlace(seat, m.(Move)), seat), "seed %d: %s", seed, m)
		checked++
	}
	assert.GreaterOrEqual(t, checked, 6)
}

// A world is unlikely when the last placement's player held two tokens
// that would have scored far more than what it played: it would have
// played one of them. One such token may be the one it drew since.
func TestLikelyWorlds(t *testing.T) {
	s := onLayout(t, "E4=7 D5=1", "E5=4", "1", "77")
	// Seat 1 played 1 on D5 for 5 points, though 7 on E4 scored 11.
	s.board[sq(t, "D5")] = 1
	s.last = &lastPlace{Seat: 1, At: sq(t, "D5"), Digit: 1, Score: 5}
	s.hands[1] = hand{}
	s.hands[1][7] = 2
	assert.False(t, s.likely(0), "two 7s held, and it played the 1")
	s.hands[1][7] = 1
	assert.True(t, s.likely(0), "the one 7 may be the token it drew")
	s.hands[1][7] = 2
	assert.True(t, s.likely(1), "its own placement tells seat 1 nothing")
}
