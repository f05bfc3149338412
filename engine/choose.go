package engine

import (
	"math"
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
