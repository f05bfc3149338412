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

// ReplyLook weighs the best few by score against the reply they leave.
func TestReplyLook(t *testing.T) {
	type move struct {
		name         string
		score, reply int
	}
	cands := []move{{"a", 5, 0}, {"b", 10, 9}, {"c", 9, 2}, {"d", 1, 0}}
	score := func(m move) int { return m.score }
	reply := func(m move) float64 { return float64(m.reply) }
	assert.Equal(t, "c", ReplyLook(cands, score, 3, reply, 0.5).name, "9-1 beats 10-4.5 and 5-0")
	assert.Equal(t, "b", ReplyLook(cands, score, 3, reply, 0).name, "no weight: the best score")
	assert.Equal(t, "b", ReplyLook(cands, score, 1, reply, 0.5).name, "only the best looked at")
	assert.Equal(t, "a", cands[0].name, "not reordered")
}
