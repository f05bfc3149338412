package amplitude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// playOut plays a game between computer players to its end and returns the
// moves in canonical notation with the final state.
func playOut(t testing.TB, opts engine.Options, seed uint64, seats int) ([]string, *State) {
	t.Helper()
	st, err := Game{}.New(opts, seed, seats)
	require.NoError(t, err)
	var moves []string
	for !st.Over() {
		seat := st.ToMove()
		m, err := st.BotMove(seat)
		require.NoError(t, err)
		next, out, err := st.Apply(seat, m)
		require.NoError(t, err, "seat %d move %s", seat, m)
		moves = append(moves, out.Move)
		st = next
		require.Less(t, len(moves), 1000, "the game does not end")
	}
	return moves, st.(*State)
}

func TestBotGamesEndAndReplay(t *testing.T) {
	for _, c := range []struct {
		seed  uint64
		seats int
		opts  engine.Options
	}{
		{1, 2, nil}, {2, 2, nil}, {3, 3, nil}, {4, 2, engine.Options{"forbidden": "on"}}, {5, 4, nil},
	} {
		moves, final := playOut(t, c.opts, c.seed, c.seats)
		assert.True(t, final.Over())
		assert.NotEmpty(t, final.Ending())
		assert.NotEmpty(t, final.Winners())
		t.Logf("seed %d: %d moves, scores %v, %s", c.seed, len(moves), final.Scores(), final.Ending())

		st, err := Game{}.New(c.opts, c.seed, c.seats)
		require.NoError(t, err)
		for i, text := range moves {
			m, err := Game{}.Parse(text)
			require.NoError(t, err, "move %d %q", i+1, text)
			st, _, err = st.Apply(st.ToMove(), m)
			require.NoError(t, err, "move %d %q", i+1, text)
		}
		want, err := final.Encode()
		require.NoError(t, err)
		got, err := st.Encode()
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(got))
		back, err := Game{}.Decode(got)
		require.NoError(t, err)
		assert.Equal(t, final, back)
	}
}
