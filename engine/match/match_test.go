package match

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// games are the registered games with what keeps a test's matches short:
// Ludicitude's computer at its smallest budget, and a move cap for the
// players that cost most a move (the blocker in Amplitude scores every
// pose of both racks).
var games = []struct {
	game    engine.Game
	options engine.Options
	cap     map[Kind]int
}{
	{amplitude.Game{}, nil, map[Kind]int{KindBlocker: 3, KindGreedy: 6}},
	{chiffres.Game{}, nil, nil},
	{ludicitude.Game{}, engine.Options{"bot_nodes": "1000"}, map[Kind]int{KindRandom: 300, KindGreedy: 300, KindBlocker: 100}},
}

func players(t *testing.T) []Player {
	var out []Player
	for _, s := range []string{"easy", "normal", "strong", "random", "greedy", "blocker"} {
		p, err := ParsePlayer(s)
		require.NoError(t, err)
		out = append(out, p)
	}
	return out
}

// TestEveryPlayerOnEveryGame plays two games of each kind of player
// against random in each game: the games are counted once on each side,
// the seats alternate, and the same seed gives the same match.
func TestEveryPlayerOnEveryGame(t *testing.T) {
	random := Player{Kind: KindRandom}
	for _, g := range games {
		for _, p := range players(t) {
			t.Run(g.game.ID()+"/"+p.String(), func(t *testing.T) {
				m := Match{Game: g.game, Options: g.options, A: p, B: random, Games: 2, Seed: 7, MaxMoves: g.cap[p.Kind], BlockerWidth: 2}
				res, err := m.Run()
				require.NoError(t, err)
				assert.Equal(t, 2, res.Games)
				for _, s := range []Side{res.A, res.B} {
					assert.Equal(t, 2, s.Wins+s.Draws+s.Losses, "every game counted once on each side")
				}
				assert.Equal(t, res.A.Wins, res.B.Losses)
				assert.Equal(t, res.A.Draws, res.B.Draws)
				require.Len(t, res.Records, 2)
				assert.Equal(t, []int{0, 1}, []int{res.Records[0].ASeat, res.Records[1].ASeat}, "A sits first in the even games")
				assert.Equal(t, res.Records[0].Moves+res.Records[1].Moves, res.Moves)
				assert.Equal(t, res.Moves, res.A.Moves+res.B.Moves, "every move chosen by one side (no draw offered)")
				assert.Zero(t, res.A.Thinking+res.B.Thinking, "no clock, no time")

				again, err := m.Run()
				require.NoError(t, err)
				assert.Equal(t, res, again, "the same seed plays the same match")
			})
		}
	}
}

// TestSeatsAlternate stops each game after its first move: that move is
// the first seat's, A's in the even games and B's in the odd ones, and
// each game so cut is a draw by the move cap.
func TestSeatsAlternate(t *testing.T) {
	for _, g := range []engine.Game{chiffres.Game{}, ludicitude.Game{}} { // the first seat moves first
		t.Run(g.ID(), func(t *testing.T) {
			res, err := Match{Game: g, A: Player{Kind: KindRandom}, B: Player{Kind: KindGreedy}, Games: 5, Seed: 3, MaxMoves: 1}.Run()
			require.NoError(t, err)
			assert.Equal(t, 3, res.A.Moves, "games 0, 2 and 4")
			assert.Equal(t, 2, res.B.Moves, "games 1 and 3")
			assert.Equal(t, 3, res.AFirst)
			assert.Equal(t, 5, res.Capped)
			assert.Equal(t, 5, res.A.Draws)
			assert.Equal(t, 5, res.B.Draws)
			for i, rec := range res.Records {
				assert.Equal(t, i%2, rec.First, "game %d", i)
				assert.True(t, rec.Capped)
				assert.Equal(t, -1, rec.Winner)
			}
		})
	}
}

// TestSeedsDiffer: another seed plays other games (Ludicitude has no
// chance of its own: the players' draws make the difference).
func TestSeedsDiffer(t *testing.T) {
	lengths := func(seed uint64) []int {
		res, err := Match{Game: ludicitude.Game{}, A: Player{Kind: KindRandom}, B: Player{Kind: KindRandom}, Games: 3, Seed: seed}.Run()
		require.NoError(t, err)
		var out []int
		for _, rec := range res.Records {
			out = append(out, rec.Moves)
		}
		return out
	}
	assert.Equal(t, lengths(1), lengths(1))
	assert.NotEqual(t, lengths(1), lengths(2))
}

// TestChoicesAreLegal walks a game of each kind at random and asks
// random, greedy, blocker and seer for their move at each position: always one
// of the legal moves, never a resignation nor a draw.
func TestChoicesAreLegal(t *testing.T) {
	for _, g := range games {
		t.Run(g.game.ID(), func(t *testing.T) {
			st, err := g.game.New(g.options, 11, 2)
			require.NoError(t, err)
			rng := engine.NewRand(5)
			for ply := 0; ply < 40 && !st.Over(); ply++ {
				seat := st.ToMove()
				var legal []string
				for _, m := range st.LegalMoves(seat) {
					legal = append(legal, m.String())
				}
				kinds := []Kind{KindRandom, KindGreedy, KindBlocker, KindSeer}
				if g.game.ID() == "amplitude" && ply > 2 {
					kinds = kinds[:1] // greedy, blocker and seer score every pose: a few positions are enough
				}
				var chosen engine.Move
				for _, k := range kinds {
					mv, declined, err := Player{Kind: k}.choose(st, seat, turn{rng: rng, width: 2})
					require.NoError(t, err, "%s at ply %d", k, ply)
					assert.False(t, declined)
					assert.Contains(t, legal, mv.String(), "%s at ply %d", k, ply)
					assert.NotContains(t, asides, mv.String(), "%s at ply %d", k, ply)
					chosen = mv
				}
				st, _, err = st.Apply(seat, chosen)
				require.NoError(t, err)
			}
		})
	}
}

// TestGreedyTakesTheMostPoints: in Chiffres, greedy's move scores as much
// as the best of the legal moves, and the seer's leaves no reply that
// leads by more than the reply to some other move it looked at.
func TestGreedyTakesTheMostPoints(t *testing.T) {
	st, err := chiffres.Game{}.New(nil, 4, 2)
	require.NoError(t, err)
	rng := engine.NewRand(9)
	for ply := 0; ply < 20; ply++ {
		seat := st.ToMove()
		all := tryAll(st, seat, playable(st.LegalMoves(seat)))
		require.NotEmpty(t, all)
		best := all[0].lead
		for _, other := range all {
			best = max(best, other.lead)
		}
		mv, _, err := Player{Kind: KindGreedy}.choose(st, seat, turn{rng: rng})
		require.NoError(t, err)
		next, _, err := st.Apply(seat, mv)
		require.NoError(t, err)
		assert.Equal(t, best, Lead(next, seat), "ply %d", ply)

		mv, _, err = Player{Kind: KindSeer}.choose(st, seat, turn{rng: rng, width: 1000})
		require.NoError(t, err)
		next, _, err = st.Apply(seat, mv)
		require.NoError(t, err)
		least := bestReply(next, 1-seat)
		for _, other := range tryAll(st, seat, playable(st.LegalMoves(seat))) {
			assert.LessOrEqual(t, least, bestReply(other.next, 1-seat), "ply %d: %s leaves a better reply than %s", ply, mv, other.move)
		}
		st = next
	}
}

// TestDeclinesADraw: offered a draw, random, greedy and blocker decline
// it first, then play their move; a level answers as its engine does.
func TestDeclinesADraw(t *testing.T) {
	g := amplitude.Game{}
	st, err := g.New(nil, 1, 2)
	require.NoError(t, err)
	seat := st.ToMove()
	draw, err := g.Parse("draw")
	require.NoError(t, err)
	st, _, err = st.Apply(1-seat, draw) // an offer out of turn
	require.NoError(t, err)
	require.Equal(t, seat, st.ToMove())
	for _, k := range []Kind{KindRandom, KindGreedy, KindBlocker, KindSeer} {
		mv, declined, err := Player{Kind: k}.choose(st, seat, turn{rng: engine.NewRand(1), width: 1})
		require.NoError(t, err)
		assert.True(t, declined, k)
		assert.Equal(t, "decline", mv.String(), k)
		after, out, err := st.Apply(seat, mv)
		require.NoError(t, err)
		assert.True(t, out.Aside)
		mv, declined, err = Player{Kind: k}.choose(after, seat, turn{rng: engine.NewRand(1), width: 1})
		require.NoError(t, err)
		assert.False(t, declined, k)
		assert.NotContains(t, asides, mv.String())
	}
	mv, declined, err := Player{Kind: KindLevel, Level: engine.LevelNormal}.choose(st, seat, turn{seed: 1})
	require.NoError(t, err)
	assert.False(t, declined)
	assert.NotEqual(t, "draw", mv.String(), "amplitude's computer plays on")
}

// TestWilson holds the interval to values worked by hand:
// centre (p + z²/2n)/(1 + z²/n), half-width z/(1 + z²/n)·√(p(1−p)/n + z²/4n²).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		p         float64
		n         int
		low, high float64
	}{
		{0.5, 10, 0.2366, 0.7634},
		{0.4, 10, 0.1682, 0.6873},
		{0, 10, 0, 0.2775},
		{1, 10, 0.7225, 1},
		{0.75, 40, 0.5981, 0.8581},
		{0.5, 0, 0, 1},
	} {
		low, high := Wilson(c.p, c.n)
		assert.InDelta(t, c.low, low, 0.00005, "%v of %d", c.p, c.n)
		assert.InDelta(t, c.high, high, 0.00005, "%v of %d", c.p, c.n)
	}
	r := Result{Games: 10, A: Side{Wins: 3, Draws: 2, Losses: 5}}
	assert.InDelta(t, 0.4, r.Score(), 1e-12, "3 wins and 2 draws of 10")
	low, high := r.Interval()
	assert.InDelta(t, 0.1682, low, 0.00005)
	assert.InDelta(t, 0.6873, high, 0.00005)
}

// TestClock: each side's time is its choices', read from the clock the
// match is given: a clock that moves a millisecond a reading makes every
// choice take one.
func TestClock(t *testing.T) {
	var ticks time.Duration
	clock := func() time.Duration { ticks += time.Millisecond; return ticks }
	res, err := Match{Game: chiffres.Game{}, A: Player{Kind: KindGreedy}, B: Player{Kind: KindRandom}, Games: 2, Seed: 1, Clock: clock}.Run()
	require.NoError(t, err)
	for _, s := range []Side{res.A, res.B} {
		assert.Equal(t, time.Duration(s.Moves)*time.Millisecond, s.Thinking)
		assert.Equal(t, time.Millisecond, s.MeanMove())
		assert.Equal(t, time.Millisecond, s.MaxMove)
	}
}

func TestParsePlayer(t *testing.T) {
	for s, want := range map[string]Player{
		"easy":         {Kind: KindLevel, Level: engine.LevelEasy},
		"level:strong": {Kind: KindLevel, Level: engine.LevelStrong},
		" Level:Fort ": {Kind: KindLevel, Level: engine.LevelStrong},
		"normal":       {Kind: KindLevel, Level: engine.LevelNormal},
		"level:":       {Kind: KindLevel, Level: engine.LevelNormal},
		"random":       {Kind: KindRandom},
		"GREEDY":       {Kind: KindGreedy},
		"blocker":      {Kind: KindBlocker},
		"seer":         {Kind: KindSeer},
	} {
		got, err := ParsePlayer(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
		again, err := ParsePlayer(got.String())
		require.NoError(t, err)
		assert.Equal(t, got, again, "String reads back")
	}
	for _, s := range []string{"", "expert", "level:expert", "greedy:2"} {
		_, err := ParsePlayer(s)
		assert.Error(t, err, s)
	}
}

// TestRefusals: a match of no games, and a game refusing its options.
func TestRefusals(t *testing.T) {
	_, err := Match{Game: chiffres.Game{}, A: Player{Kind: KindRandom}, B: Player{Kind: KindRandom}}.Run()
	assert.Error(t, err)
	_, err = Match{Game: ludicitude.Game{}, Options: engine.Options{"bot_nodes": "5"}, A: Player{Kind: KindRandom}, B: Player{Kind: KindRandom}, Games: 1}.Run()
	assert.True(t, engine.IsRefusal(err), "%v", err)
}

// TestLead: a seat's lead is its score less the best other's, and a win
// outweighs any score.
func TestLead(t *testing.T) {
	g := ludicitude.Game{}
	st, err := g.New(nil, 1, 2)
	require.NoError(t, err)
	assert.Zero(t, Lead(st, 0))
	resign, err := g.Parse("resign")
	require.NoError(t, err)
	over, _, err := st.Apply(0, resign)
	require.NoError(t, err)
	require.Equal(t, []int{1}, over.Winners())
	assert.Equal(t, winValue, Lead(over, 1))
	assert.Equal(t, -winValue, Lead(over, 0))
}
