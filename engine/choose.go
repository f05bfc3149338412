package engine

import "math"

// Choose picks an index of values with chances that fall with their
// value: each value v is weighed exp((v - best) / temperature), so the best
// is likeliest, a value a temperature below it e times less likely, and
// far worse ones all but never chosen. It is how an easy computer player
// makes a beginner's mistakes: it sees its good moves, and often plays a
// lesser one. A temperature of 0 or less, or one value, picks the first
// best. r draws the choice; values must not be empty.
func Choose(r *Rand, values []float64, temperature float64) int {
	best := 0
	for i, v := range values {
		if v > values[best] {
			best = i
		}
	}
	if temperature <= 0 || len(values) == 1 {
		return best
	}
	weights := make([]float64, len(values))
	total := 0.0
	for i, v := range values {
		weights[i] = math.Exp((v - values[best]) / temperature)
		total += weights[i]
	}
	// A uniform draw in [0, total), from 53 random bits.
	x := float64(r.Uint64()>>11) / (1 << 53) * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return best
}
