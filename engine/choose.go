package engine

import (
	"math"
	"slices"
)

// Choose picks one of items with chances that fall with their value: each
// weighs exp((value - best) / temperature), so the best is likeliest, one
// a temperature below it e times less likely, and far worse ones all but
// never chosen. It is how an easy computer player makes a beginner's
// mistakes: it sees its good moves, and often plays a lesser one. A
// temperature of 0 or less, or one item, picks the first best. r draws
// the choice; items must not be empty.
func Choose[M any](r *Rand, items []M, value func(M) float64, temperature float64) M {
	values := make([]float64, len(items))
	best := 0
	for i, m := range items {
		values[i] = value(m)
		if values[i] > values[best] {
			best = i
		}
	}
	if temperature <= 0 || len(items) == 1 {
		return items[best]
	}
	top, total := values[best], 0.0
	for i, v := range values {
		values[i] = math.Exp((v - top) / temperature) // values become weights
		total += values[i]
	}
	// A uniform draw in [0, total), from 53 random bits.
	x := float64(r.Uint64()>>11) / (1 << 53) * total
	for i, w := range values {
		if x < w {
			return items[i]
		}
		x -= w
	}
	return items[best]
}

// ReplyLook is the strong levels' choice in games of points: of its width
// best candidates by score, the one whose score less weight times reply,
// the opponent's best reply expected after it, is highest (the first on a
// tie). A move that opens a rich answer is worth less than its points.
// cands must not be empty; they are not reordered.
func ReplyLook[M any](cands []M, score func(M) int, width int, reply func(M) float64, weight float64) M {
	byScore := slices.Clone(cands)
	slices.SortStableFunc(byScore, func(a, b M) int { return score(b) - score(a) })
	best, bestValue := byScore[0], math.Inf(-1)
	for _, m := range byScore[:min(len(byScore), width)] {
		if v := float64(score(m)) - weight*reply(m); v > bestValue {
			best, bestValue = m, v
		}
	}
	return best
}
