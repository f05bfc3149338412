package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Choose picks the best most often, a value a temperature below e times
// less often, and the far worse almost never.
func TestChoose(t *testing.T) {
	r := NewRand(7)
	values := []float64{10, 9, 0}
	at := func(i int) float64 { return values[i] }
	var count [3]int
	const n = 20000
	for range n {
		count[Choose(r, []int{0, 1, 2}, at, 1)]++
	}
	// Weights 1, 1/e, e^-10: shares 0.731, 0.269, 0.00003.
	assert.InDelta(t, 0.731, float64(count[0])/n, 0.02)
	assert.InDelta(t, 0.269, float64(count[1])/n, 0.02)
	assert.Less(t, count[2], 10)
	same := func(v float64) float64 { return v }
	assert.Equal(t, 8.0, Choose(r, []float64{3, 8, 8}, same, 0), "no temperature: the first best")
	assert.Equal(t, 5.0, Choose(r, []float64{5}, same, 3))
	tie := []struct{ name, v float64 }{{1, 3}, {2, 8}, {3, 8}}
	assert.Equal(t, 2.0, Choose(r, tie, func(p struct{ name, v float64 }) float64 { return p.v }, 0).name, "the first best")
}
