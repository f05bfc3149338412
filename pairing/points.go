package pairing

// GamePoints turns a game's placings per seat (1 the best, shared places
// equal) into tournament points: between two seats 1 for a win, ½ for a
// draw, 0 for a loss; among N seats, each seat scores a point for every
// seat placed below it and half a point for every seat placed equal,
// divided by N−1, so that a table's points always sum to N/2 and a seat
// scores between 0 and 1 like a two-player game. One seat alone is a bye,
// worth a full point.
func GamePoints(placings []int) []float64 {
	n := len(placings)
	out := make([]float64, n)
	if n == 1 {
		out[0] = ByePoints
		return out
	}
	for i, p := range placings {
		for _, q := range placings {
			out[i] += pairScore(float64(p), float64(q), true)
		}
		out[i] = (out[i] - 0.5) / float64(n-1) // a seat is placed equal with itself
	}
	return out
}

// ByePoints is what a bye scores: a full point.
const ByePoints = 1.0

// eps is the tolerance of the comparisons of points, sums of thirds.
const eps = 1e-9

// pairScore is what a seat that placed or scored a scores against one
// that placed or scored b: 1 when better, ½ when equal, 0 when worse;
// lowBest says a lower value is better (placings) rather than a higher
// one (points).
func pairScore(a, b float64, lowBest bool) float64 {
	c := comparePoints(a, b)
	if lowBest {
		c = -c
	}
	return float64(c+1) / 2
}

// comparePoints compares two sums of points with eps's tolerance, so
// that thirds adding up differently still compare equal.
func comparePoints(a, b float64) int {
	switch {
	case a > b+eps:
		return 1
	case a < b-eps:
		return -1
	}
	return 0
}
