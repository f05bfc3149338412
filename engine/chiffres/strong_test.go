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
