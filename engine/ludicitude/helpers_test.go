package ludicitude

import (
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/engine"
)

var update = flag.Bool("update", false, "rewrite golden files and the position corpus")

// layout writes a position in the notation of the rules from the side to
// move and reserves ("w 0/0") and the cubes ("a1 W1", "c3 B2"), so that
// tests read as a list of cubes.
func layout(tail string, cubes ...string) string {
	var grid [size][size]string
	for r := range grid {
		for f := range grid[r] {
			grid[r][f] = "."
		}
	}
	grid[wallSq/size][wallSq%size] = "#"
	for _, c := range cubes {
		sq, cube, _ := strings.Cut(c, " ")
		q, err := ParseSquare(sq)
		if err != nil {
			panic(err)
		}
		grid[int(q)/size][int(q)%size] = cube
	}
	ranks := make([]string, size)
	for r := range size {
		ranks[size-1-r] = strings.Join(grid[r][:], "")
	}
	return strings.Join(ranks, "/") + " " + tail
}

// setup starts a game from a position given to the setup option.
func setup(t testing.TB, position string) *State {
	t.Helper()
	st, err := Game{}.New(engine.Options{"setup": position}, 1, 2)
	require.NoError(t, err, position)
	return st.(*State)
}

// play applies moves written in notation, each by the seat to move (or by
// the seat named before a colon: "b:draw"), and returns the last outcome.
func play(t testing.TB, s *State, moves ...string) (*State, engine.Outcome) {
	t.Helper()
	var out engine.Outcome
	for _, text := range moves {
		seat := s.ToMove()
		if who, rest, ok := strings.Cut(text, ":"); ok {
			seat = map[string]int{"w": White, "b": Black}[who]
			text = rest
		}
		m, err := ParseMove(text)
		require.NoError(t, err, text)
		require.NoError(t, s.Legal(seat, m), "%s in %s", text, s.Position())
		next, o, err := s.Apply(seat, m)
		require.NoError(t, err, "%s in %s", text, s.Position())
		s, out = next.(*State), o
	}
	return s, out
}

// refusal is the reason the seat to move's move is refused; it checks that
// Legal and Apply agree and that the state is left as it was.
func refusal(t testing.TB, s *State, text string) string {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		require.True(t, engine.IsRefusal(err))
		return err.Error()
	}
	seat := s.ToMove()
	legal := s.Legal(seat, m)
	require.Error(t, legal, "%s should be refused in %s", text, s.Position())
	require.True(t, engine.IsRefusal(legal))
	before := s.Position()
	next, _, err := s.Apply(seat, m)
	require.Error(t, err)
	require.Equal(t, legal.Error(), err.Error())
	require.Same(t, s, next.(*State))
	require.Equal(t, before, s.Position())
	return legal.Error()
}

// cube is what stands on a square, in the notation: "W2", "B1" or ".".
func cube(s *State, square string) string {
	q, err := ParseSquare(square)
	if err != nil {
		panic(err)
	}
	seat, level := s.Cube(q)
	if level == 0 {
		return "."
	}
	return string("WB"[seat]) + string(rune('0'+level))
}

// actionStrings lists the Actions in notation.
func actionStrings(s *State) []string {
	var out []string
	for _, m := range s.Actions() {
		out = append(out, m.String())
	}
	return out
}
