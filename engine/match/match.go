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
	rngs := [2]*engine.Rand{engine.NewRand(derive(m.Seed, useSide, uint64(n), 0)), engine.NewRand(derive(m.Seed, useSide, uint64(n), 1))}
	limit := cmp.Or(m.MaxMoves, DefaultMaxMoves)
	width := cmp.Or(m.BlockerWidth, BlockerWidth)
	for !st.Over() {
		if rec.Moves >= limit {
			rec.Capped = true
			return rec, nil
		}
		seat := st.ToMove()
		if seat < 0 || seat > 1 {
			return rec, fmt.Errorf("the game goes on with seat %d to move", seat)
		}
		if rec.Moves == 0 {
			rec.First = seat ^ rec.ASeat
		}
		side := sides[seat]
		start := m.now()
		mv, declined, err := side.Player.choose(st, seat, turn{rngs[seat], derive(m.Seed, useLevel, uint64(n), uint64(rec.Moves)), width})
		if err != nil {
			return rec, fmt.Errorf("move %d, %s: %w", rec.Moves+1, side.Player, err)
		}
		if !declined {
			side.timed(m.now() - start)
		}
		next, _, err := st.Apply(seat, mv)
		if err != nil {
			return rec, fmt.Errorf("move %d, %s played %q: %w", rec.Moves+1, side.Player, mv, err)
		}
		st = next
		rec.Moves++
	}
	if w := st.Winners(); len(w) == 1 {
		rec.Winner = w[0] ^ rec.ASeat
	}
	return rec, nil
}

// now is the match's clock, 0 without one.
func (m Match) now() time.Duration {
	if m.Clock == nil {
		return 0
	}
	return m.Clock()
}
