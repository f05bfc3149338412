package match

import (
	"cmp"
	"fmt"

	"pbem/engine"
)

// SeatMatch measures how a game favours its seats: Games games of Game
// with Seats seats, every seat played by the same Player, so that what
// differs between the seats is only where they sit (who moves first).
// Chiffres is played by 2 to 4, and its players ask how much going
// second is worth.
type SeatMatch struct {
	Game    engine.Game
	Options engine.Options
	Player  Player
	Seats   int
	Games   int
	Seed    uint64 // deals each game and makes every choice, as Match.Seed
	// MaxMoves ends a game as a draw, as Match.MaxMoves; 0 is
	// DefaultMaxMoves.
	MaxMoves int
}

// SeatResult is what a SeatMatch gave: Wins[i] is what seat i won, a win
// shared by k seats counting 1/k to each; Games less the sum of Wins is
// the games nobody won (a draw by agreement, the move cap).
type SeatResult struct {
	Games  int
	Wins   []float64
	Capped int
}

// Share is seat's wins a game.
func (r SeatResult) Share(seat int) float64 {
	if r.Games == 0 {
		return 0
	}
	return r.Wins[seat] / float64(r.Games)
}

// Interval is the Wilson 95% confidence interval of seat's share.
func (r SeatResult) Interval(seat int) (low, high float64) { return Wilson(r.Share(seat), r.Games) }

// Run plays the games, game n dealt by a seed derived from the match's
// seed and n.
func (m SeatMatch) Run() (SeatResult, error) {
	if m.Game == nil || m.Games < 1 {
		return SeatResult{}, fmt.Errorf("a seat match needs a game and one game to play at least, not %d", m.Games)
	}
	if lo, hi := m.Game.Seats(); m.Seats < lo || m.Seats > hi {
		return SeatResult{}, fmt.Errorf("%s is played by %d to %d, not %d", m.Game.Name(), lo, hi, m.Seats)
	}
	if (m.Player.Kind == KindBlocker || m.Player.Kind == KindSeer) && m.Seats != 2 {
		return SeatResult{}, fmt.Errorf("the blocker looks at one opponent's reply: it plays games of two")
	}
	res := SeatResult{Wins: make([]float64, m.Seats)}
	for n := range m.Games {
		winners, capped, err := m.play(n)
		if err != nil {
			return SeatResult{}, fmt.Errorf("game %d of the seat match: %w", n+1, err)
		}
		res.Games++
		if capped {
			res.Capped++
		}
		for _, w := range winners {
			res.Wins[w] += 1 / float64(len(winners))
		}
	}
	return res, nil
}

// play plays game n: its winners, or none and true when the move cap
// ended it.
func (m SeatMatch) play(n int) ([]int, bool, error) {
	st, err := m.Game.New(m.Options, derive(m.Seed, useDeal, uint64(n)), m.Seats)
	if err != nil {
		return nil, false, err
	}
	g := game{seed: m.Seed, n: n, seats: m.Seats, limit: cmp.Or(m.MaxMoves, DefaultMaxMoves), name: func(seat int) string { return fmt.Sprintf("seat %d", seat+1) }}
	final, _, capped, err := g.play(st, func(st engine.State, seat int, t turn) (engine.Move, error) {
		t.width = BlockerWidth
		mv, _, err := m.Player.choose(st, seat, t)
		return mv, err
	})
	if err != nil || capped {
		return nil, capped, err
	}
	return final.Winners(), false, nil
}
