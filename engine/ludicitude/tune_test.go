package ludicitude

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pbem/engine"
)

// The tuning run: go test ./engine/ludicitude -run TestTune -tune.games 40
// plays the evaluation's weights a against b (both the computer player's
// search at tune.nodes a move, seeds varied, colours alternating) and
// prints the results: how often each wins, how often a game ends with a
// winner at all. A weights spec is the default weights with changes,
// "advance=6,space=3", or "previous" for the weights before the last
// tuning. Without -tune.games the test plays nothing and is skipped.
var (
	tuneGames = flag.Int("tune.games", 0, "games of the tuning run (0: no run)")
	tuneNodes = flag.Int("tune.nodes", defaultBotNodes, "nodes a move in the tuning run")
	tuneA     = flag.String("tune.a", "", "weights of side a: default weights with changes (key=value,…) or previous")
	tuneB     = flag.String("tune.b", "previous", "weights of side b, as tune.a")
	tuneShow  = flag.Bool("tune.show", false, "print the final position of each drawn game")
	tuneSeed  = flag.Uint64("tune.seed", 1, "the tuning run's first seed")
)

// previousWeights are the weights before the last tuning run, for the next
// run to measure against.
var previousWeights = weights{
	cube:      100,
	level2:    30,
	level3:    65,
	reserve:   70,
	mobility:  2,
	lastCube:  120,
	pressure:  4,
	quietFrom: quietLimit / 2,
	fearFull:  quietLimit,
}

// parseWeights reads a weights spec (see the tuning run).
func parseWeights(spec string) (weights, error) {
	if spec == "previous" {
		return previousWeights, nil
	}
	w := defaultWeights
	fields := map[string]*int{
		"cube": &w.cube, "level2": &w.level2, "level3": &w.level3, "reserve": &w.reserve,
		"mobility": &w.mobility, "lastCube": &w.lastCube, "pressure": &w.pressure,
		"space": &w.space, "drawFear": &w.drawFear, "fearFull": &w.fearFull, "quietFrom": &w.quietFrom,
	}
	for _, kv := range strings.Split(spec, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		key, value, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(value)
		f := fields[key]
		if !ok || err != nil || f == nil {
			return w, fmt.Errorf("%q is not key=number with a weight's key", kv)
		}
		*f = n
	}
	return w, nil
}

// tuneGame plays one game, a White when aWhite, and returns the winner
// (0 a, 1 b, -1 drawn), the game's length and its ending.
func tuneGame(wa, wb *weights, nodes int, aWhite bool, seed uint64) (int, int, string) {
	st, err := Game{}.New(engine.Options{"bot_nodes": strconv.Itoa(nodes)}, 1, 2)
	if err != nil {
		panic(err)
	}
	s := st.(*State)
	side := func(seat int) int { // 0 a, 1 b
		if (seat == White) == aWhite {
			return 0
		}
		return 1
	}
	for s.moves < 2000 && !s.Over() {
		seat := s.ToMove()
		w := wa
		if side(seat) == 1 {
			w = wb
		}
		m, err := s.botMoveWeighed(seat, seed*10000+uint64(s.moves), w)
		if err != nil {
			panic(err)
		}
		next, _, err := s.Apply(seat, m)
		if err != nil {
			panic(err)
		}
		s = next.(*State)
	}
	if w := s.Winners(); len(w) == 1 {
		return side(w[0]), s.moves, s.Ending()
	}
	if testing.Verbose() && *tuneShow {
		fmt.Printf("drawn at move %d, captures %v: %s\n", s.moves, s.scores, s.Position())
	}
	return -1, s.moves, s.Ending()
}

// TestTune is the tuning run (see tune.games).
func TestTune(t *testing.T) {
	if *tuneGames == 0 {
		t.Skip("a tuning run only with -tune.games N")
	}
	wa, err := parseWeights(*tuneA)
	if err != nil {
		t.Fatal(err)
	}
	wb, err := parseWeights(*tuneB)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var wins [2]int
	draws, length := 0, 0
	endings := map[string]int{}
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				winner, n, end := tuneGame(&wa, &wb, *tuneNodes, g%2 == 0, *tuneSeed+uint64(g))
				mu.Lock()
				if winner < 0 {
					draws++
				} else {
					wins[winner]++
				}
				length += n
				endings[end]++
				mu.Unlock()
			}
		}()
	}
	for g := range *tuneGames {
		next <- g
	}
	close(next)
	wg.Wait()
	n := *tuneGames
	t.Logf("a %q against b %q, %d games at %d nodes a move", *tuneA, *tuneB, n, *tuneNodes)
	t.Logf("a wins %d, draws %d, b wins %d; a scores %.3f; %d%% decisive; %.0f moves a game",
		wins[0], draws, wins[1], (float64(wins[0])+float64(draws)/2)/float64(n), 100*(n-draws)/n, float64(length)/float64(n))
	for end, k := range endings {
		t.Logf("%4d  %s", k, end)
	}
}
