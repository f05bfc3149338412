package ludicitude

import (
	"math/rand/v2"
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// longGame plays n moves of a game between two computer players of 1000
// nodes weighing positions with w (nil: the default weights), each move
// chosen with a seed made of seed and the move number, and returns the
// state after every move: the same seed always gives the same game.
func longGame(t testing.TB, seed uint64, n int, w *weights) []*State {
	t.Helper()
	st, err := Game{}.New(engine.Options{"bot_nodes": "1000"}, seed, 2)
	require.NoError(t, err)
	s := st.(*State)
	var states []*State
	for i := 0; i < n && !s.Over(); i++ {
		m, err := s.botMoveWeighed(s.ToMove(), seed*1000+uint64(i), w)
		require.NoError(t, err)
		next, _, err := s.Apply(s.ToMove(), m)
		require.NoError(t, err)
		s = next.(*State)
		states = append(states, s)
	}
	return states
}

// BenchmarkLudicitudeEncode encodes the states of a 200-move game in turn:
// ns/op is one state, as every move stores one.
func BenchmarkLudicitudeEncode(b *testing.B) {
	states := longGame(b, 1, 200, nil)
	size := 0
	for i := 0; b.Loop(); i++ {
		data, err := states[i%len(states)].Encode()
		require.NoError(b, err)
		size += len(data)
	}
	b.ReportMetric(float64(size)/float64(b.N), "bytes/op")
}

// BenchmarkLudicitudeDecode decodes the states of a 200-move game in turn,
// as loading a game for its next move does.
func BenchmarkLudicitudeDecode(b *testing.B) {
	var stored [][]byte
	for _, s := range longGame(b, 1, 200, nil) {
		data, err := s.Encode()
		require.NoError(b, err)
		stored = append(stored, data)
	}
	for i := 0; b.Loop(); i++ {
		_, err := Game{}.Decode(stored[i%len(stored)])
		require.NoError(b, err)
	}
}

// TestStoredStatesOfALongGame: the states stored with every move of a
// 200-move game add up to under 60 KB (431 KB when every state held the
// whole history), each under 600 bytes, and each decodes to itself, from
// either encoding. Seed 1 captures and drops; seed 2, with the weights
// before the computer sought the fight (previousWeights), goes 200 turns
// without a capture, the longest history the rules keep.
func TestStoredStatesOfALongGame(t *testing.T) {
	for _, c := range []struct {
		seed    uint64
		weights *weights
		end     string
	}{
		{1, nil, ""},
		{2, &previousWeights, "Draw: 200 turns in a row went by without a capture"},
	} {
		states := longGame(t, c.seed, 200, c.weights)
		require.Len(t, states, 200)
		assert.Equal(t, c.end, states[199].Ending(), "seed %d", c.seed)
		total, largest := 0, 0
		for i, s := range states {
			data, err := s.Encode()
			require.NoError(t, err)
			total, largest = total+len(data), max(largest, len(data))
			back, err := Game{}.Decode(data)
			require.NoError(t, err)
			require.Equal(t, s, back, "seed %d move %d", c.seed, i+1)
			old, err := Game{}.Decode(encodeV1(t, s))
			require.NoError(t, err)
			require.Equal(t, s, old, "seed %d move %d in version 1", c.seed, i+1)
		}
		t.Logf("seed %d: %d bytes of states, the largest %d", c.seed, total, largest)
		assert.Less(t, total, 60_000, "seed %d", c.seed)
		assert.Less(t, largest, 600, "seed %d", c.seed)
	}
}

// TestRepetitionAcrossALongWalk: a position that comes back 160 turns
// later counts again, and a third time draws, though every move goes
// through the stored form of the state as the server plays it.
func TestRepetitionAcrossALongWalk(t *testing.T) {
	start := setup(t, layout("w 0/0", "a1 W2", "g7 B2"))
	stored := func(s *State) *State {
		data, err := s.Encode()
		require.NoError(t, err)
		back, err := Game{}.Decode(data)
		require.NoError(t, err)
		return back.(*State)
	}
	// One cube each can never capture: walk 80 turns to positions not seen
	// before, then retrace the walk, each cube its own way back.
	rng := rand.New(rand.NewPCG(7, 7))
	s := start
	var walk []Move
	for range 80 {
		var fresh []Move
		for _, m := range s.Actions() {
			next, _, err := s.Apply(s.ToMove(), m)
			require.NoError(t, err)
			if next.(*State).Occurrences() == 1 {
				fresh = append(fresh, m)
			}
		}
		require.NotEmpty(t, fresh)
		m := fresh[rng.IntN(len(fresh))]
		walk = append(walk, m)
		next, _, err := stored(s).Apply(s.ToMove(), m)
		require.NoError(t, err)
		s = next.(*State)
	}
	for i := len(walk) - 2; i >= 0; i -= 2 {
		for _, m := range walk[i : i+2] {
			back := Move{Kind: Slide, From: m.To, To: m.From}
			next, _, err := stored(s).Apply(s.ToMove(), back)
			require.NoError(t, err, "%s in %s", back, s.Position())
			s = next.(*State)
			require.False(t, s.Over(), s.Ending())
		}
	}
	require.Equal(t, start.Position(), s.Position())
	assert.Equal(t, 160, s.QuietTurns())
	assert.Equal(t, 2, s.Occurrences(), "the start, 160 turns ago, and now")
	s, out := play(t, stored(s), "a1-a2", "g7-g6", "a2-a1")
	require.False(t, s.Over())
	s, out = play(t, stored(s), "g6-g7")
	assert.True(t, s.Over())
	assert.Equal(t, "Draw: the same position has occurred three times since the last capture", s.Ending())
	assert.Contains(t, lang.All(out.Events, lang.English), "Draw: the same position has occurred three times since the last capture.")
}

// TestCaptureStartsTheHistoryAgain: the positions before a capture are not
// kept, nor stored: the material they had cannot come back without another
// capture (see trail.go).
func TestCaptureStartsTheHistoryAgain(t *testing.T) {
	s, out := play(t, setup(t, layout("w 0/0", "a1 W1", "b1 B1", "c2 W1", "g7 B1", "g5 W1")), "g5-g6", "g7-f7", "c2-c1")
	require.Equal(t, 1, out.Score, "c2-c1 takes b1")
	assert.Equal(t, []uint64{s.b.hash}, s.seen)
	assert.Empty(t, s.trail)
	assert.Equal(t, 1, s.Occurrences())
	data, err := s.Encode()
	require.NoError(t, err)
	assert.NotContains(t, string(data), "trail")
	s, _ = play(t, s, "f7-g7")
	assert.Len(t, s.seen, 2)
	assert.Len(t, s.trail, 1)
}

// TestTrailPlaces: every place among the takebacks a position may have
// is written and read back, the 63rd on in three characters (a position
// seldom has so many: the cubes block each other).
func TestTrailPlaces(t *testing.T) {
	for i := range maxTakebacks {
		text := trailTurn(i)
		assert.Len(t, text, map[bool]int{true: 1, false: 3}[i < trailEscape], "place %d", i)
		turns, err := parseTrail(text + "A")
		require.NoError(t, err)
		require.Equal(t, []int{i, 0}, turns)
	}
}
