package ludicitude

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naive is a second, plain model of the rules, written from the rules file
// apart from the engine: a grid of cells and straightforward loops, no
// bitboards. Perft compares the two move for move.
type naive struct {
	grid    [size][size]naiveCell // [file][rank]
	reserve [2]int
	side    int
	over    bool
}

type naiveCell struct{ owner, level int } // owner -1: empty

var naiveDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// naiveOf reads a State through its public accessors only.
func naiveOf(s *State) naive {
	var n naive
	for f := range size {
		for r := range size {
			owner, level := s.Cube(Square(r*size + f))
			if level == 0 {
				owner = -1
			}
			n.grid[f][r] = naiveCell{owner, level}
		}
	}
	n.reserve = [2]int{s.Reserve(White), s.Reserve(Black)}
	n.side = s.ToMove()
	n.over = s.Over()
	return n
}

func naiveName(f, r int) string { return string([]byte{byte('a' + f), byte('1' + r)}) }

// inside: on the board and not the wall.
func inside(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size && !(f == 3 && r == 3) }

func (n *naive) empty(f, r int) bool { return inside(f, r) && n.grid[f][r].owner < 0 }

type naiveAction struct {
	drop           bool
	ff, fr, tf, tr int
}

func (n *naive) slides(side int) []naiveAction {
	var out []naiveAction
	for f := range size {
		for r := range size {
			c := n.grid[f][r]
			if c.owner != side {
				continue
			}
			for _, d := range naiveDirs {
				tf, tr := f, r
				for range c.level {
					tf, tr = tf+d[0], tr+d[1]
					if !n.empty(tf, tr) {
						break
					}
					out = append(out, naiveAction{ff: f, fr: r, tf: tf, tr: tr})
				}
			}
		}
	}
	return out
}

// captures judges both kinds around (f, r), where side's cube just arrived.
func (n *naive) captures(side, f, r int) (cust, encl map[[2]int]bool) {
	cust, encl = map[[2]int]bool{}, map[[2]int]bool{}
	for _, d := range naiveDirs {
		var line [][2]int
		x, y := f+d[0], r+d[1]
		for inside(x, y) && n.grid[x][y].owner == 1-side {
			line = append(line, [2]int{x, y})
			x, y = x+d[0], y+d[1]
		}
		if len(line) > 0 && inside(x, y) && n.grid[x][y].owner == side {
			for _, q := range line {
				cust[q] = true
			}
		}
	}
	for _, d := range naiveDirs {
		x, y := f+d[0], r+d[1]
		if !inside(x, y) || n.grid[x][y].owner != 1-side || encl[[2]int{x, y}] {
			continue
		}
		group := map[[2]int]bool{{x, y}: true}
		todo := [][2]int{{x, y}}
		free := false
		for len(todo) > 0 {
			q := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, e := range naiveDirs {
				a, b := q[0]+e[0], q[1]+e[1]
				switch {
				case !inside(a, b):
				case n.grid[a][b].owner < 0:
					free = true
				case n.grid[a][b].owner == 1-side && !group[[2]int{a, b}]:
					group[[2]int{a, b}] = true
					todo = append(todo, [2]int{a, b})
				}
			}
		}
		if !free {
			for q := range group {
				encl[q] = true
			}
		}
	}
	for q := range encl {
		delete(cust, q)
	}
	return cust, encl
}

// slide plays a slide with the server's promotions and returns the
// promoted squares' names, in square order.
func (n *naive) slide(a naiveAction) []string {
	side := n.side
	n.grid[a.tf][a.tr] = n.grid[a.ff][a.fr]
	n.grid[a.ff][a.fr] = naiveCell{-1, 0}
	cust, encl := n.captures(side, a.tf, a.tr)
	for q := range cust {
		n.grid[q[0]][q[1]] = naiveCell{-1, 0}
		n.reserve[1-side]++
	}
	for q := range encl {
		n.grid[q[0]][q[1]] = naiveCell{-1, 0}
		n.reserve[side]++
	}
	var promoted [][2]int
	for level := 1; level <= 2; level++ {
		for r := range size {
			for f := range size {
				if len(promoted) < len(cust) && n.grid[f][r].owner == side && n.grid[f][r].level == level {
					promoted = append(promoted, [2]int{f, r})
				}
			}
		}
	}
	slices.SortFunc(promoted, func(x, y [2]int) int { return (x[1]*size + x[0]) - (y[1]*size + y[0]) })
	var names []string
	for _, q := range promoted {
		n.grid[q[0]][q[1]].level++
		names = append(names, naiveName(q[0], q[1]))
	}
	return names
}

func (n *naive) drops(side int) []naiveAction {
	if n.reserve[side] == 0 {
		return nil
	}
	corners := [][2]int{{0, 0}, {6, 0}, {0, 6}, {6, 6}}
	near := [][2]int{{1, 0}, {0, 1}, {5, 0}, {6, 1}, {0, 5}, {1, 6}, {6, 5}, {5, 6}}
	var targets [][2]int
	for _, q := range corners {
		if n.empty(q[0], q[1]) {
			targets = append(targets, q)
		}
	}
	if len(targets) == 0 {
		for _, q := range near {
			if n.empty(q[0], q[1]) {
				targets = append(targets, q)
			}
		}
	}
	var out []naiveAction
	for _, q := range targets {
		safe := true
		after := *n
		after.grid[q[0]][q[1]] = naiveCell{side, 1}
		after.side = 1 - side
		for _, a := range after.slides(1 - side) {
			try := after
			try.slide(a)
			if try.grid[q[0]][q[1]].owner != side {
				safe = false
				break
			}
		}
		if safe {
			out = append(out, naiveAction{drop: true, tf: q[0], tr: q[1]})
		}
	}
	return out
}

func (n *naive) canAct(side int) bool {
	return len(n.slides(side)) > 0 || len(n.drops(side)) > 0
}

func (n *naive) won(side int) bool {
	mine, all3, theirs := 0, true, 0
	for f := range size {
		for r := range size {
			switch c := n.grid[f][r]; c.owner {
			case side:
				mine++
				all3 = all3 && c.level == 3
			case 1 - side:
				theirs++
			}
		}
	}
	return theirs == 0 || (mine > 0 && all3 && n.reserve[side] == 0)
}

// play makes an action, then does what the server does on its own.
func (n *naive) play(a naiveAction) string {
	side := n.side
	var text string
	if a.drop {
		n.grid[a.tf][a.tr] = naiveCell{side, 1}
		n.reserve[side]--
		text = "drop " + naiveName(a.tf, a.tr)
	} else {
		text = naiveName(a.ff, a.fr) + "-" + naiveName(a.tf, a.tr)
		for _, p := range n.slide(a) {
			text += " +" + p
		}
	}
	n.side = 1 - side
	switch {
	case n.won(side):
		n.over = true
	case !n.canAct(n.side):
		n.side = side
		if n.won(1-side) || !n.canAct(side) {
			n.over = true
		}
	}
	return text
}

// actions lists the notations of every action and the position after it.
func (n *naive) actions() ([]string, []naive) {
	if n.over {
		return nil, nil
	}
	var texts []string
	var next []naive
	for _, a := range append(n.slides(n.side), n.drops(n.side)...) {
		c := *n
		texts = append(texts, c.play(a))
		next = append(next, c)
	}
	return texts, next
}

// normal hides the side to move of a finished game, which the engine's
// ToMove no longer tells.
func (n naive) normal() naive {
	if n.over {
		n.side = -1
	}
	return n
}

// perft counts the action sequences of depth plies from s (a finished game
// ends a sequence early, and counts nothing), checking at every node that
// the engine and the naive model list the same actions, with the same
// promotions, and reach the same positions.
func perft(t *testing.T, s *State, depth int) int {
	if depth == 0 {
		return 1
	}
	n := naiveOf(s)
	texts, next := n.actions()
	after := make(map[string]naive, len(texts))
	for i, text := range texts {
		after[text] = next[i]
	}
	acts := s.Actions()
	got := make([]string, len(acts))
	for i, m := range acts {
		got[i] = m.String()
	}
	slices.Sort(texts)
	require.Equal(t, texts, slices.Sorted(slices.Values(got)), "actions of %s", s.Position())
	if depth == 1 {
		return len(acts)
	}
	total := 0
	for _, m := range acts {
		nx, _, err := s.Apply(s.ToMove(), m)
		require.NoError(t, err)
		require.Equal(t, after[m.String()].normal(), naiveOf(nx.(*State)).normal(), "after %s from %s", m, s.Position())
		total += perft(t, nx.(*State), depth-1)
	}
	return total
}

// TestPerftStart counts the action sequences from the start position:
// perft(d) is the number of sequences of d actions (slides and drops, a
// slide counted once whatever promotions it could name, with the server's
// promotions played), automatic passes included in the action that causes
// them. The engine and the naive model agree at every node; the figures
// guard against regressions.
func TestPerftStart(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	s := st.(*State)
	want := []int{1, 9, 81, 864, 9216, 106944}
	for depth := range want {
		assert.Equal(t, want[depth], perft(t, s, depth), "perft(%d) from the start", depth)
	}
}

// TestPerftAfterSequences counts perft(1..3) after fixed openings.
func TestPerftAfterSequences(t *testing.T) {
	for _, c := range []struct {
		moves string
		want  []int
	}{
		{"d2-d3 d6-d5 d3-c3 d5-c5", []int{11, 120, 1494}},
		{"b1-b2 b7-b6 b2-b3 b6-b5 b3-b4", []int{11, 124, 1528}},
		{"d2-e2 d6-e6 e2-e3 e6-e5 e3-e4 c7-c6", []int{9, 137, 1660}},
	} {
		st, err := Game{}.New(nil, 1, 2)
		require.NoError(t, err)
		s, _ := play(t, st.(*State), strings.Fields(c.moves)...)
		var counts []int
		for depth := 1; depth <= 3; depth++ {
			counts = append(counts, perft(t, s, depth))
		}
		assert.Equal(t, c.want, counts, "perft(1..3) after %s", c.moves)
	}
}

// TestPerftCorpus checks the engine against the naive model to depth 2
// from every corpus position, drops and captures included.
func TestPerftCorpus(t *testing.T) {
	for i, pos := range loadPositions(t) {
		s := setup(t, pos)
		counts := fmt.Sprint(perft(t, s, 1), " ", perft(t, s, 2))
		t.Logf("position %d %s: %s", i, pos, counts)
	}
}
