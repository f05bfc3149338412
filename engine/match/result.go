package match

import (
	"math"
	"time"
)

// Result is what a match gave.
type Result struct {
	A, B Side
	// Games is the number of games played, Capped those of them ended by
	// the move cap (Match.MaxMoves), counted as draws.
	Games, Capped int
	// AFirst is the number of games A moved first in: half of them where
	// the first seat moves first, by chance where the game draws its
	// starting player (Amplitude).
	AFirst int
	// Moves is the number of moves of every game, both sides', the draw
	// answers included.
	Moves int
	// Records are the games, in the order played.
	Records []Record
}

// Side is one player's results in a match.
type Side struct {
	Player              Player
	Wins, Draws, Losses int
	// Moves is the number of moves the player chose; Thinking the time it
	// took choosing them, MaxMove the longest, both 0 without a clock.
	Moves             int
	Thinking, MaxMove time.Duration
}

// Record is one game of a match.
type Record struct {
	Number int // from 0
	ASeat  int // A's seat: 0 (first) in even games, 1 in odd ones
	First  int // the side that moved first: 0 for A, 1 for B
	Moves  int
	// Winner is the side that won: 0 for A, 1 for B, -1 for a draw (a
	// shared win, none, or the move cap).
	Winner int
	Capped bool // ended by the move cap
}

// MeanMove is the mean time the side took to choose a move.
func (s Side) MeanMove() time.Duration {
	if s.Moves == 0 {
		return 0
	}
	return s.Thinking / time.Duration(s.Moves)
}

// timed counts a move chosen in took.
func (s *Side) timed(took time.Duration) {
	s.Moves++
	s.Thinking += took
	s.MaxMove = max(s.MaxMove, took)
}

// add counts a game played.
func (r *Result) add(rec Record) {
	if rec.Capped {
		r.Capped++
	}
	r.Games++
	r.Moves += rec.Moves
	r.Records = append(r.Records, rec)
	if rec.First == 0 {
		r.AFirst++
	}
	switch rec.Winner {
	case 0:
		r.A.Wins++
		r.B.Losses++
	case 1:
		r.B.Wins++
		r.A.Losses++
	default:
		r.A.Draws++
		r.B.Draws++
	}
}

// MeanLength is the mean number of moves of a game.
func (r Result) MeanLength() float64 {
	if r.Games == 0 {
		return 0
	}
	return float64(r.Moves) / float64(r.Games)
}

// Score is A's score rate: its wins and half its draws, a game.
func (r Result) Score() float64 {
	if r.Games == 0 {
		return 0
	}
	return (float64(r.A.Wins) + float64(r.A.Draws)/2) / float64(r.Games)
}

// Interval is the Wilson 95% confidence interval of A's score rate.
func (r Result) Interval() (low, high float64) { return Wilson(r.Score(), r.Games) }

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the Wilson score interval at 95% of a rate p measured over n
// trials, draws counted as half a win each: narrower than p ± 1.96σ near
// 0 and 1, and never out of [0, 1]. For n = 0 it is [0, 1].
func Wilson(p float64, n int) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	z2 := z95 * z95
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z95 / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}
