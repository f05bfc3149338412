package archive

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/store"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// played is a game as the store would hold it, played by the computer
// player through the engine alone, with the state at every position.
type played struct {
	kind   engine.Game
	game   store.Game
	moves  []store.Move
	states []engine.State
}

// start is the time the sample games begin; each move comes a minute
// after the one before.
var start = time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)

// sample is one sample game of each type, the seats as given.
type sample struct {
	name  string
	kind  engine.Game
	seed  uint64
	opts  map[string]string
	seats []store.Seat
}

func samples() []sample {
	return []sample{
		{"amplitude", amplitude.Game{}, 1, map[string]string{}, []store.Seat{
			{Email: "ann@example.org", Name: `Ann <b>"&"</b>`}, {Bot: "Robot"},
		}},
		{"chiffres", chiffres.Game{}, 3, map[string]string{"clock": "72h"}, []store.Seat{
			{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}, {Bot: "Robot"},
		}},
		{"ludicitude", ludicitude.Game{}, 1737, map[string]string{"bot_nodes": "1000"}, []store.Seat{
			{Email: "white@example.org", Name: "White"}, {Email: "black@example.org", Name: "Black"},
		}},
	}
}

// play plays s to its end with the computer player on every seat.
func play(t *testing.T, s sample) played {
	t.Helper()
	opts := engine.Options{}
	for k, v := range s.opts {
		if k != "clock" { // a server option, as the server leaves it out
			opts[k] = v
		}
	}
	st, err := s.kind.New(opts, s.seed, len(s.seats))
	require.NoError(t, err)
	p := played{kind: s.kind, states: []engine.State{st}}
	p.game = store.Game{ID: 7, Type: s.kind.ID(), Options: s.opts, Seed: s.seed, Status: store.StatusFinished, CreatedAt: start}
	for i, seat := range s.seats {
		seat.Seat = i
		p.game.Seats = append(p.game.Seats, seat)
	}
	turn := 0
	for !st.Over() {
		require.Less(t, len(p.moves), 1000, "the game should end")
		seat := st.ToMove()
		m, err := st.BotMove(seat)
		require.NoError(t, err)
		next, out, err := st.Apply(seat, m)
		require.NoError(t, err)
		data, err := next.Encode()
		require.NoError(t, err)
		if !out.Aside {
			turn++
		}
		n := len(p.moves) + 1
		p.moves = append(p.moves, store.Move{
			Number: n, Turn: turn, Seat: seat, Text: m.String(), Notation: out.Move, Public: out.Public, Aside: out.Aside,
			Score: out.Score, Events: out.Events, State: data, CreatedAt: start.Add(time.Duration(n) * time.Minute),
			MessageID: "",
		})
		p.states = append(p.states, next)
		st = next
	}
	p.game.MoveNumber, p.game.Turns = len(p.moves), turn
	return p
}

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./archive -update to write %s", path)
	assert.Equal(t, string(want), string(got), "%s differs (go test ./archive -update rewrites it; read the diff)", path)
}
