package e2e

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// games is the binary's registry, for the tests' own engine games.
var games = engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{})

// players are the people the tests play; a game seats two of them.
var players = []seat{
	{"ann@example.test", "Ann"}, {"bob@example.test", "Bob"},
	{"cyd@example.test", "Cyd"}, {"dee@example.test", "Dee"},
}

// spec is a game to create: its kind, seed, seats and options.
type spec struct {
	Kind  string
	Seed  uint64
	Seats []seat
	Opts  map[string]string
}

// mix is n two-player games: the first nAmplitude Amplitude, then
// nChiffres Chiffres, then Ludicitude, seeds from seed, seats rotating over players.
// Ludicitude's computer player gets a small search budget (the option only
// changes how it chooses, and the test chooses for the players), so that
// computing the moves stays cheap.
func mix(n, nAmplitude, nChiffres int, seed uint64) []spec {
	out := make([]spec, n)
	for i := range out {
		s := spec{Kind: "ludicitude", Seed: seed + uint64(i), Opts: map[string]string{"bot_nodes": "1000"}}
		switch {
		case i < nAmplitude:
			s = spec{Kind: "amplitude", Seed: seed + uint64(i)}
		case i < nAmplitude+nChiffres:
			s = spec{Kind: "chiffres", Seed: seed + uint64(i)}
		}
		a, b := players[i%len(players)], players[(i+1+i/len(players))%len(players)]
		if a == b {
			b = players[(i+1)%len(players)]
		}
		s.Seats = []seat{a, b}
		out[i] = s
	}
	return out
}

// play is one move of a script: the seat to move and what it writes, and
// the notation the history must keep for it.
type play struct {
	Seat     int
	Text     string // the computer player's move, as a player writes it
	Notation string // the canonical notation, as the engine completes it
}

// script plays up to moves moves of a game in the engine alone, each seat
// playing the computer player's choice, until the game ends.
func script(s spec, moves int) ([]play, error) {
	g, err := games.Lookup(s.Kind)
	if err != nil {
		return nil, err
	}
	st, err := g.New(engine.Options(s.Opts), s.Seed, len(s.Seats))
	if err != nil {
		return nil, err
	}
	var out []play
	for len(out) < moves && !st.Over() {
		seat := st.ToMove()
		m, err := st.BotMove(seat)
		if err != nil {
			return nil, fmt.Errorf("%s seed %d move %d: %w", s.Kind, s.Seed, len(out)+1, err)
		}
		next, res, err := st.Apply(seat, m)
		if err != nil {
			return nil, fmt.Errorf("%s seed %d move %d: %w", s.Kind, s.Seed, len(out)+1, err)
		}
		out, st = append(out, play{Seat: seat, Text: m.String(), Notation: res.Move}), next
	}
	return out, nil
}

// scripts computes the scripts of many games on every core.
func scripts(tb testing.TB, specs []spec, moves int) [][]play {
	tb.Helper()
	out := make([][]play, len(specs))
	errs := make([]error, len(specs))
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i], errs[i] = script(specs[i], moves)
			}
		}()
	}
	for i := range specs {
		work <- i
	}
	close(work)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		tb.Fatal(err)
	}
	return out
}

// replay rebuilds a game's state in the engine from its seed and the
// notations of its history, as a player's own program would.
func replay(tb testing.TB, s spec, notations []string) engine.State {
	tb.Helper()
	g, err := games.Lookup(s.Kind)
	if err != nil {
		tb.Fatal(err)
	}
	st, err := g.New(engine.Options(s.Opts), s.Seed, len(s.Seats))
	if err != nil {
		tb.Fatal(err)
	}
	for i, n := range notations {
		m, err := g.Parse(n)
		if err != nil {
			tb.Fatalf("move %d %q: %v", i+1, n, err)
		}
		if st, _, err = st.Apply(st.ToMove(), m); err != nil {
			tb.Fatalf("move %d %q: %v", i+1, n, err)
		}
	}
	return st
}

// interleave orders the mails of many games at random, each game's in its
// own order: every interleaving is equally likely.
func interleave(rng *rand.Rand, perGame [][][]byte) [][]byte {
	var total int
	next := make([]int, len(perGame))
	for _, m := range perGame {
		total += len(m)
	}
	out := make([][]byte, 0, total)
	for remaining := total; remaining > 0; remaining-- {
		k := rng.IntN(remaining)
		for g, m := range perGame {
			left := len(m) - next[g]
			if k < left {
				out = append(out, m[next[g]])
				next[g]++
				break
			}
			k -= left
		}
	}
	return out
}

// replyID is the Message-ID of the test's reply carrying move n of game.
func replyID(game int64, n int, from seat) string {
	return fmt.Sprintf("e2e.%d.%d.%s", game, n, from.Email)
}
