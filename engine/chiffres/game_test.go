package chiffres

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// playOut plays a game between computer players to its end, checking the
// state after every move, and returns the moves as played with the final
// state.
func playOut(t testing.TB, opts engine.Options, seed uint64, seats int) ([]string, *State) {
	t.Helper()
	var st engine.State = newGame(t, opts, seed, seats)
	var moves []string
	earned := make([]int, seats)
	for !st.Over() {
		seat := st.ToMove()
		m, err := st.BotMove(seat)
		require.NoError(t, err)
		require.NoError(t, st.Legal(seat, m))
		next, out, err := st.Apply(seat, m)
		require.NoError(t, err, "seat %d move %s", seat, m)
		moves = append(moves, out.Move)
		earned[seat] += out.Score
		st = next
		checkInvariants(t, st.(*State))
		require.Less(t, len(moves), setSize, "the game does not end")
	}
	final := st.(*State)
	for seat := range seats {
		assert.Equal(t, earned[seat]-final.penalties[seat], final.scores[seat], "seat %d", seat)
	}
	return moves, final
}

// checkInvariants: the 50 tokens are all there, a seat to move can place,
// hands are full while the bank lasts, and the state survives encoding.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	require.Equal(t, [10]int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, tokenCount(s))
	if !s.Over() {
		require.True(t, s.CanPlace(s.ToMove()))
		for seat := range s.hands {
			if s.bank != "" {
				require.Equal(t, handSize, s.hands[seat].size())
			}
		}
	}
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := Game{}.Decode(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, s, back)
}

func TestBotGamesEndAndReplay(t *testing.T) {
	for _, c := range []struct {
		seed  uint64
		seats int
		opts  engine.Options
	}{
		{1, 2, nil}, {2, 2, nil}, {3, 2, nil}, {4, 2, engine.Options{"bag": "7"}},
		{5, 3, nil}, {6, 3, nil}, {7, 3, nil},
		{8, 4, nil}, {9, 4, nil}, {10, 4, nil},
		{11, 3, engine.Options{"board": "*12345678/234567890/345678901/456789012/567890123/678901234/789012345/890123456/901234567"}},
	} {
		moves, final := playOut(t, c.opts, c.seed, c.seats)
		assert.True(t, final.Over())
		assert.NotEmpty(t, final.Ending())
		assert.NotEmpty(t, final.Winners())
		t.Logf("seed %d, %d seats: %d moves, scores %v, %s", c.seed, c.seats, len(moves), final.Scores(), final.Ending())

		st := engine.State(newGame(t, c.opts, c.seed, c.seats))
		for i, text := range moves {
			m, err := Game{}.Parse(text)
			require.NoError(t, err, "move %d %q", i+1, text)
			st, _, err = st.Apply(st.ToMove(), m)
			require.NoError(t, err, "move %d %q", i+1, text)
		}
		assert.Equal(t, final, st, "the replay ends in the same state")
		want, err := final.Encode()
		require.NoError(t, err)
		got, err := st.Encode()
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(got))
	}
}

// TestBotGamesOverManySeeds: every game ends by one of the rules' two ends,
// after 40 to 48 placements (the 49 tokens beyond the centre's, less what
// the others hold at the end).
func TestBotGamesOverManySeeds(t *testing.T) {
	ends := map[ending]int{}
	for seed := uint64(100); seed < 160; seed++ {
		seats := 2 + int(seed%3)
		moves, final := playOut(t, nil, seed, seats)
		ends[final.end]++
		assert.Contains(t, []ending{endOut, endStuck}, final.end)
		assert.GreaterOrEqual(t, len(moves), 40)
		assert.LessOrEqual(t, len(moves), setSize-1-(seats-1))
	}
	t.Logf("ends: %v", ends)
}
