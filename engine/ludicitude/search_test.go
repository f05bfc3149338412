package ludicitude

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestBotBeatsRandom: the computer player, on its smallest budget, wins at
// least 95 of 100 games against a player choosing uniformly among its
// actions, taking White and Black in turn (fixed seeds).
func TestBotBeatsRandom(t *testing.T) {
	wins, draws, turns := 0, 0, 0
	for game := range 100 {
		st, err := Game{}.New(engine.Options{"bot_nodes": "1000"}, 1, 2)
		require.NoError(t, err)
		s := st.(*State)
		bot := game % 2
		rng := rand.New(rand.NewPCG(uint64(game), 2026))
		for !s.Over() {
			var m engine.Move
			if s.ToMove() == bot {
				m, err = s.BotMove(bot)
				require.NoError(t, err)
			} else {
				acts := s.Actions()
				m = acts[rng.IntN(len(acts))]
			}
			next, _, err := s.Apply(s.ToMove(), m)
			require.NoError(t, err)
			s = next.(*State)
			turns++
		}
		switch w := s.Winners(); {
		case len(w) == 0:
			draws++
			t.Logf("game %d drawn: %s, %s", game, s.Ending(), s.Position())
		case w[0] == bot:
			wins++
		default:
			t.Logf("game %d lost: %s", game, s.Ending())
		}
	}
	t.Logf("the computer player won %d of 100 games against a random player (%d draws), %d moves in all", wins, draws, turns)
	assert.GreaterOrEqual(t, wins, 95)
}

// TestSelfPlayEnds: games between computer players end by a rule, and
// replaying their recorded moves gives the same final state.
func TestSelfPlayEnds(t *testing.T) {
	for _, nodes := range []string{"1000", "4000"} {
		opts := engine.Options{"bot_nodes": nodes}
		st, err := Game{}.New(opts, 1, 2)
		require.NoError(t, err)
		var history []string
		for !st.Over() {
			m, err := st.BotMove(st.ToMove())
			require.NoError(t, err)
			next, out, err := st.Apply(st.ToMove(), m)
			require.NoError(t, err)
			history = append(history, out.Move)
			st = next
			require.Less(t, len(history), 2000, "the game does not end")
		}
		s := st.(*State)
		assert.NotEmpty(t, s.Ending())
		t.Logf("bot_nodes %s: %d moves, %s", nodes, len(history), s.Ending())

		replay, err := Game{}.New(opts, 1, 2)
		require.NoError(t, err)
		for _, text := range history {
			m, err := Game{}.Parse(text)
			require.NoError(t, err)
			replay, _, err = replay.Apply(replay.ToMove(), m)
			require.NoError(t, err, text)
		}
		assert.Equal(t, s, replay)
	}
}

func TestBotIsDeterministic(t *testing.T) {
	for _, pos := range loadPositions(t)[:10] {
		s := setup(t, pos)
		a, err := s.Search(s.ToMove(), Limits{Nodes: 20000})
		require.NoError(t, err)
		b, err := s.Search(s.ToMove(), Limits{Nodes: 20000})
		require.NoError(t, err)
		assert.Equal(t, a, b, pos)
		require.NoError(t, s.Legal(s.ToMove(), a.Move))
	}
}

func TestSearchTakesAWin(t *testing.T) {
	// b2-b3 takes Black's last cube on the board.
	s := setup(t, layout("w 0/3", "b2 W1", "b4 B1", "b5 W1", "g1 W1", "f7 W1"))
	r, err := s.Search(White, Limits{Nodes: 5000})
	require.NoError(t, err)
	assert.Equal(t, "b2-b3 +g1", r.Move.String())
	assert.Greater(t, r.Score, mateBound)

	// With Black to move, b4 escapes.
	s = setup(t, layout("b 0/3", "b2 W1", "b4 B1", "b5 W1", "g1 W1", "f7 W1", "e7 B1"))
	r, err = s.Search(Black, Limits{Nodes: 20000})
	require.NoError(t, err)
	require.NoError(t, s.Legal(Black, r.Move))
	assert.Greater(t, r.Score, -mateBound, "Black escapes with %s", r.Move)
}

func TestSearchAvoidsAnImmediateCapture(t *testing.T) {
	// Black's b4 is threatened by b2-b3 (closed by b5): Black moves it or
	// blocks b3.
	s := setup(t, layout("b 0/0", "b2 W1", "b4 B1", "b5 W1", "g1 W1", "e7 B1", "f7 B1", "d6 B1"))
	r, err := s.Search(Black, Limits{Nodes: 50000})
	require.NoError(t, err)
	next, out, err := s.Apply(Black, r.Move)
	require.NoError(t, err)
	assert.Zero(t, out.Score)
	reply, err := next.(*State).Search(White, Limits{Nodes: 50000})
	require.NoError(t, err)
	_, out, err = next.Apply(White, reply.Move)
	require.NoError(t, err)
	assert.Zero(t, out.Score, "after %s, White's %s captures", r.Move, reply.Move)
}

func TestRootTriesEveryPromotionChoice(t *testing.T) {
	// c2-c3 takes two cubes; four white cubes may rise: six choices.
	s := setup(t, layout("w 0/0", "c2 W1", "c4 B1", "c5 W1", "d3 B1", "e3 W2", "g1 W3", "a7 W1", "g7 B1"))
	n := 0
	for _, r := range rootMoves(&s.b) {
		if r.a == slideAction(9, 16) {
			n++
		}
	}
	assert.Equal(t, 6, n)
	r, err := s.Search(White, Limits{Nodes: 20000})
	require.NoError(t, err)
	assert.Equal(t, "c2-c3", r.Move.String()[:5])
	assert.Len(t, r.Move.Promote, 2)
	require.NoError(t, s.Legal(White, r.Move))
}

func TestBotAnswersADrawOffer(t *testing.T) {
	// Black, one cube against five with no way to win, accepts White's
	// offer; White, offered a draw from the start, plays on.
	losing := setup(t, layout("w 0/0", "a1 W2", "c3 W2", "e5 W2", "g7 W2", "b6 W2", "f2 B1"))
	offered, _ := play(t, losing, "draw", "a1-a3")
	m, err := offered.BotMove(Black)
	require.NoError(t, err)
	assert.Equal(t, "draw", m.String())

	st, err := Game{}.New(engine.Options{"bot_nodes": "2000"}, 1, 2)
	require.NoError(t, err)
	offered, _ = play(t, st.(*State), "b:draw")
	m, err = offered.BotMove(White)
	require.NoError(t, err)
	assert.NotEqual(t, "draw", m.String())
}

func TestBotRefusesOutOfTurn(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	_, err = st.BotMove(Black)
	assert.EqualError(t, err, "it is not your turn: White is to play")
}

// TestDepthSixWithinOneSecond: from the start, the search completes depth
// 6 well within a second.
func TestDepthSixWithinOneSecond(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	begin := time.Now()
	r, err := st.(*State).Search(White, Limits{Depth: 6})
	elapsed := time.Since(begin)
	require.NoError(t, err)
	assert.Equal(t, 6, r.Depth)
	assert.Less(t, elapsed, time.Second)
	t.Logf("depth 6 from the start: %s, %d nodes, %s", r.Move, r.Nodes, elapsed)
}

func TestSearchStops(t *testing.T) {
	st, err := Game{}.New(nil, 1, 2)
	require.NoError(t, err)
	calls := 0
	r, err := st.(*State).Search(White, Limits{Stop: func() bool { calls++; return calls > 3 }})
	require.NoError(t, err)
	assert.Positive(t, r.Depth)
	assert.Less(t, r.Nodes, int64(10000))
	r, err = st.(*State).Search(White, Limits{Nodes: 3000})
	require.NoError(t, err)
	assert.LessOrEqual(t, r.Nodes, int64(3000))
}
