package amplitude

// Helpers for the rules tests (rules_*_test.go): they set positions up the
// way a game reaches them, through Game.New with the bag option and Apply
// with ParseMove text, or, for an arbitrary board, by building a State.

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// rulesDeal starts a game whose first tokens are bag: one per seat in seating
// order to pick the starter, then four each in seating order, then the next
// draws.
func rulesDeal(t testing.TB, bag string, seats int, opts ...string) *State {
	t.Helper()
	o := engine.Options{"bag": bag}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i]] = opts[i+1]
	}
	st, err := Game{}.New(o, 1, seats)
	require.NoError(t, err)
	return st.(*State)
}

// rulesPosition builds an arbitrary position: the board holds poses, written
// in move notation straight onto the board, and racks[seat] is seat's rack.
// The tokens come out of the bag, so the set still holds ten of each digit.
// Seat 0 starts and is to move; once the board holds a pose, the starter's
// first pose is behind it (no doubling).
func rulesPosition(t testing.TB, opts engine.Options, racks []string, poses ...string) *State {
	t.Helper()
	st, err := Game{}.New(opts, 7, len(racks))
	require.NoError(t, err)
	s := st.(*State)
	for seat := range s.racks {
		s.bag = append(s.bag, s.racks[seat]...)
		s.racks[seat] = nil
	}
	take := func(d byte) {
		i := slices.Index(s.bag, d)
		require.GreaterOrEqual(t, i, 0, "no token %d left for the position", d)
		s.bag = slices.Delete(s.bag, i, i+1)
	}
	for _, p := range poses {
		m, err := ParseMove(p)
		require.NoError(t, err, p)
		for i, d := range m.Line {
			q := m.At.step(m.Down, i)
			if s.board[q] == 0 {
				s.board[q] = d
				take(d)
			} else {
				require.Equal(t, d, s.board[q], "%s crosses %s", p, q)
			}
		}
		s.poses++
	}
	for seat, rack := range racks {
		for _, r := range rack {
			take(byte(r - '0'))
			s.racks[seat] = append(s.racks[seat], byte(r-'0'))
		}
		slices.Sort(s.racks[seat])
	}
	s.fixed, s.starter, s.toMove = 0, 0, 0
	s.starterPosed = len(poses) > 0
	s.over, s.end = false, ""
	require.Equal(t, [10]int{0, 10, 10, 10, 10, 10, 10, 10, 10, 10}, rulesTokens(s))
	return s
}

// rulesTokens counts the tokens of each digit on the board, in the racks and
// in the bag.
func rulesTokens(s *State) [10]int {
	var n [10]int
	for _, d := range s.board {
		n[d]++
	}
	n[0] = 0
	for _, r := range s.racks {
		for _, d := range r {
			n[d]++
		}
	}
	for _, d := range s.bag {
		n[d]++
	}
	return n
}

// rulesDigits reads "12345" as tokens.
func rulesDigits(s string) []byte {
	out := make([]byte, len(s))
	for i := range len(s) {
		out[i] = s[i] - '0'
	}
	return out
}

// rulesPlay applies text for seat, which must be legal.
func rulesPlay(t testing.TB, s *State, seat int, text string) (*State, engine.Outcome) {
	t.Helper()
	m, err := ParseMove(text)
	require.NoError(t, err, text)
	next, out, err := s.Apply(seat, m)
	require.NoError(t, err, "seat %d: %s", seat, text)
	return next.(*State), out
}

// rulesEncoded is the stored form of s, to tell whether it changed.
func rulesEncoded(t testing.TB, s *State) string {
	t.Helper()
	data, err := s.Encode()
	require.NoError(t, err)
	return string(data)
}

// rulesRefused checks that Apply refuses m for seat with a Refusal whose
// reason contains want, returns s itself and leaves it unchanged, and that
// Legal gives the same answer.
func rulesRefused(t testing.TB, s *State, seat int, m Move, want string) {
	t.Helper()
	before := rulesEncoded(t, s)
	next, out, err := s.Apply(seat, m)
	require.Error(t, err, "seat %d: %s", seat, m)
	assert.True(t, engine.IsRefusal(err), "%T is not a Refusal", err)
	assert.Contains(t, err.Error(), want)
	assert.Same(t, s, next, "a refused move returns the state it was given")
	assert.Equal(t, engine.Outcome{}, out)
	assert.Equal(t, before, rulesEncoded(t, s), "a refused move changed the state")
	assert.Equal(t, err, s.Legal(seat, m), "Legal and Apply disagree")
}

// rulesRefusedText is rulesRefused for a move in notation.
func rulesRefusedText(t testing.TB, s *State, seat int, text, want string) {
	t.Helper()
	m, err := ParseMove(text)
	require.NoError(t, err, text)
	rulesRefused(t, s, seat, m, want)
}
