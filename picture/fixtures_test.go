package picture

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

var update = flag.Bool("update", false, "rewrite the stored positions and the golden pictures in testdata")

// fixture is a real position of a game with the one before it, as a mail
// shows it: Before is what the recipient saw last.
type fixture struct {
	name          string
	game          engine.Game
	before, after engine.State
}

// view is how the fixture's board is shown: to its first seat, with the
// position before as View.Before, so that the last move is marked.
func (f fixture) view() engine.View {
	return engine.View{Seat: 0, Names: []string{"Alice", "Bob", "Chloé", "Dan"}, Before: f.before}
}

// diagram is the fixture's board, as a mail would draw it.
func (f fixture) diagram() engine.Diagram {
	return f.after.(engine.Diagrammer).Diagram(f.view())
}

// playing builds a fixture: each game's typical board (a game under way)
// and fullest (played to its end, or for Ludicitude all twelve cubes on
// the board), each with the position before its last move.
type playing struct {
	name  string
	game  engine.Game
	build func(t testing.TB) (before, after engine.State)
}

var playings = []playing{
	{"amplitude-typical", amplitude.Game{}, bots(amplitude.Game{}, nil, 7, 2, 8)},
	{"amplitude-full", amplitude.Game{}, bots(amplitude.Game{}, nil, 1, 2, -1)},
	{"chiffres-typical", chiffres.Game{}, bots(chiffres.Game{}, nil, 101, 4, 24)},
	{"chiffres-full", chiffres.Game{}, bots(chiffres.Game{}, nil, 5, 3, -1)},
	{"ludicitude-typical", ludicitude.Game{}, bots(ludicitude.Game{}, engine.Options{"bot_nodes": "1000"}, 3, 2, 24)},
	// Twelve cubes; c2-c3 takes c4 and d3 and promotes c5 and b6.
	{"ludicitude-full", ludicitude.Game{}, setupAndPlay(
		"B2.....B1/.W2..B1B3./..W2..../..B1#.../...B1W1../..W1..../W3.....W1 w 0/0", "c2-c3 +c5 +b6")},
}

// bots plays n moves of g (to its end when n < 0) between computer players.
func bots(g engine.Game, opts engine.Options, seed uint64, seats, n int) func(t testing.TB) (engine.State, engine.State) {
	return func(t testing.TB) (engine.State, engine.State) {
		st, err := g.New(opts, seed, seats)
		require.NoError(t, err)
		var before engine.State
		for left := n; left != 0 && !st.Over(); left-- {
			m, err := st.BotMove(st.ToMove())
			require.NoError(t, err)
			before = st
			st, _, err = st.Apply(st.ToMove(), m)
			require.NoError(t, err)
		}
		return before, st
	}
}

// setupAndPlay starts Ludicitude from position and plays move.
func setupAndPlay(position, move string) func(t testing.TB) (engine.State, engine.State) {
	return func(t testing.TB) (engine.State, engine.State) {
		g := ludicitude.Game{}
		st, err := g.New(engine.Options{"setup": position}, 1, 2)
		require.NoError(t, err)
		m, err := g.Parse(move)
		require.NoError(t, err)
		after, _, err := st.Apply(st.ToMove(), m)
		require.NoError(t, err)
		return st, after
	}
}

// rewritten records that -update has rewritten testdata/states in this
// run, which it does once for all the tests.
var rewritten bool

// fixtures are the stored positions of testdata/states, rewritten by
// playing the games again with -update.
func fixtures(t testing.TB) []fixture {
	t.Helper()
	var out []fixture
	rewrite := *update && !rewritten
	rewritten = true
	for _, p := range playings {
		f := fixture{name: p.name, game: p.game}
		paths := [2]string{statePath(p.name, "before"), statePath(p.name, "after")}
		if rewrite {
			before, after := p.build(t)
			for i, st := range []engine.State{before, after} {
				data, err := st.Encode()
				require.NoError(t, err)
				require.NoError(t, os.MkdirAll(filepath.Dir(paths[i]), 0o755))
				require.NoError(t, os.WriteFile(paths[i], data, 0o644))
			}
		}
		for i, dst := range []*engine.State{&f.before, &f.after} {
			data, err := os.ReadFile(paths[i])
			require.NoError(t, err, "run go test ./picture -update to write it")
			*dst, err = p.game.Decode(data)
			require.NoError(t, err, paths[i])
		}
		out = append(out, f)
	}
	return out
}

func statePath(name, which string) string {
	return filepath.Join("testdata", "states", name+"-"+which+".json")
}
