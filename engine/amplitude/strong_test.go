package amplitude

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// The strong level plays one of its best poses by score, the same for the
// same seed.
func TestStrongPlaysAmongItsBestPoses(t *testing.T) {
	g := Game{}
	st, err := g.New(nil, 21, 2)
	require.NoError(t, err)
	for range 3 {
		m, err := st.BotMove(st.ToMove())
		require.NoError(t, err)
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err)
	}
	s := st.(*State)
	seat := s.ToMove()
	var scores []int
	byMove := map[string]int{}
	s.eachPose(seat, func(q square, down bool, line []byte, score int) bool {
		m := Move{Kind: Pose, At: q, Down: down, Line: slices.Clone(line)}
		byMove[m.String()] = score
		scores = append(scores, score)
		return true
	})
	require.NotEmpty(t, scores)
	slices.Sort(scores)
	slices.Reverse(scores)
	floor := scores[min(len(scores), strongStages[0].keep)-1]
	m, err := engine.BotMoveAt(st, seat, engine.LevelStrong, 3)
	require.NoError(t, err)
	score, ok := byMove[m.String()]
	require.True(t, ok, "a pose: %s", m)
	assert.GreaterOrEqual(t, score, floor, "among the %d best by score", strongStages[0].keep)
	again, err := engine.BotMoveAt(st, seat, engine.LevelStrong, 3)
	require.NoError(t, err)
	assert.Equal(t, m.String(), again.String())
}
