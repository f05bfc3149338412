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
	var count [3]int
	const n = 20000
	for range n {
		count[Choose(r, values, 1)]++
	}
	// Weights 1, 1/e, e^-10: shares 0.731, 0.269, 0.00003.
	assert.InDelta(t, 0.731, float64(count[0])/n, 0.02)
	assert.InDelta(t, 0.269, float64(count[1])/n, 0.02)
	assert.Less(t, count[2], 10)
	assert.Equal(t, 1, Choose(r, []float64{3, 8, 8}, 0), "no temperature: the first best")
	assert.Equal(t, 0, Choose(r, []float64{5}, 3))
}
