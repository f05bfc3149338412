package match

import (
	"cmp"
	"fmt"
	"time"

	"pbem/engine"
)

// DefaultMaxMoves is the move cap of a game when Match.MaxMoves is 0: far
// beyond any game played to its end (Ludicitude's quiet-turn rule ends its
// games within some hundreds of moves), so that only a pair of players
// that never finish meets it.
const DefaultMaxMoves = 2000

// Match is a match to play: Games games of Game between A and B.
type Match struct {
	Game    engine.Game
	Options engine.Options // the game's options, for every game
	A, B    Player
	Games   int
	// Seed makes the match: each game's deal, the levels' seeds and the
	// draws of random, greedy and blocker all derive from it.
	Seed uint64
	// MaxMoves ends a game that has not ended by then, as a draw
	// (Result.Capped); 0 is DefaultMaxMoves.
	MaxMoves int
	// BlockerWidth is how many moves a blocker looks one reply ahead of;
	// 0 is BlockerWidth, the package's.
	BlockerWidth int
	// Clock reads the time, monotonic, for the time each player takes to
	// choose its moves; nil times nothing.
	Clock func() time.Duration
	// Progress, when set, is told after each game how many are done.
	Progress func(done, total int)
}

// The uses of the match's seed, each a number of its own in derive.
const (
	useDeal = iota + 1
	useSide
	useLevel
)

// derive hashes seed with the numbers that name one use of it (a game's
// deal, a side's draws in a game, a level's move), with SplitMix64 as
// engine.Rand; never 0, which would ask a level for its one best move.
func derive(seed uint64, parts ...uint64) uint64 {
	h := engine.NewRand(seed).Uint64()
	for _, p := range parts {
		h = engine.NewRand(h ^ p).Uint64()
	}
	return max(h, 1)
}

// Run plays the match: game n (from 0) dealt by a seed derived from the
// match's seed and n, with A in the first seat when n is even and B
// otherwise.
func (m Match) Run() (Result, error) {
	if m.Game == nil || m.Games < 1 {
		return Result{}, fmt.Errorf("a match needs a game and one game to play at least, not %d", m.Games)
	}
	if lo, hi := m.Game.Seats(); lo > 2 || hi < 2 {
		return Result{}, fmt.Errorf("matches are between two players, and %s is played by %d to %d", m.Game.Name(), lo, hi)
	}
	res := Result{A: Side{Player: m.A}, B: Side{Player: m.B}}
	for n := range m.Games {
		rec, err := m.play(n, &res)
		if err != nil {
			return Result{}, fmt.Errorf("game %d of the match: %w", n+1, err)
		}
		res.add(rec)
		if m.Progress != nil {
			m.Progress(n+1, m.Games)
		}
	}
	return res, nil
}

// play plays game n, timing each choice into res's sides.
func (m Match) play(n int, res *Result) (Record, error) {
	rec := Record{Number: n, ASeat: n % 2, Winner: -1}
	st, err := m.Game.New(m.Options, derive(m.Seed, useDeal, uint64(n)), 2)
	if err != nil {
		return rec, err
	}
	sides := [2]*Side{&res.A, &res.B}
	if rec.ASeat == 1 {
		sides[0], sides[1] = sides[1], sides[0]
	}
	width := cmp.Or(m.BlockerWidth, BlockerWidth)
	g := game{seed: m.Seed, n: n, seats: 2, limit: cmp.Or(m.MaxMoves, DefaultMaxMoves), name: func(seat int) string { return sides[seat].Player.String() }}
	final, moves, capped, err := g.play(st, func(st engine.State, seat int, t turn) (engine.Move, error) {
		if t.moves == 0 {
			rec.First = seat ^ rec.ASeat
		}
		side := sides[seat]
		start := m.now()
		t.width = width
		mv, declined, err := side.Player.choose(st, seat, t)
		if err == nil && !declined {
			side.timed(m.now() - start)
		}
		return mv, err
	})
	rec.Moves, rec.Capped = moves, capped
	if err != nil || capped {
		return rec, err
	}
	if w := final.Winners(); len(w) == 1 {
		rec.Winner = w[0] ^ rec.ASeat
	}
	return rec, nil
}

// game is the playing of game n of a match of seats seats, to its end or
// to limit moves: what a Match and a SeatMatch share.
type game struct {
	seed  uint64
	n     int
	seats int
	limit int
	name  func(seat int) string // the player of a seat, for the errors
}

// play plays st, choose giving each move for the seat to move, and
// returns the last state, the moves made and whether the cap ended the
// game. Each seat draws among equals with its own generator, and each
// move has its level's seed, all derived from the match's seed.
func (g game) play(st engine.State, choose func(st engine.State, seat int, t turn) (engine.Move, error)) (engine.State, int, bool, error) {
	rngs := make([]*engine.Rand, g.seats)
	for seat := range rngs {
		rngs[seat] = engine.NewRand(derive(g.seed, useSide, uint64(g.n), uint64(seat)))
	}
	moves := 0
	for ; !st.Over(); moves++ {
		if moves >= g.limit {
			return st, moves, true, nil
		}
		seat := st.ToMove()
		if seat < 0 || seat >= g.seats {
			return st, moves, false, fmt.Errorf("the game goes on with seat %d to move", seat)
		}
		mv, err := choose(st, seat, turn{rng: rngs[seat], seed: derive(g.seed, useLevel, uint64(g.n), uint64(moves)), moves: moves})
		if err != nil {
			return st, moves, false, fmt.Errorf("move %d, %s: %w", moves+1, g.name(seat), err)
		}
		next, _, err := st.Apply(seat, mv)
		if err != nil {
			return st, moves, false, fmt.Errorf("move %d, %s played %q: %w", moves+1, g.name(seat), mv, err)
		}
		st = next
	}
	return st, moves, false, nil
}

// now is the match's clock, 0 without one.
func (m Match) now() time.Duration {
	if m.Clock == nil {
		return 0
	}
	return m.Clock()
}
