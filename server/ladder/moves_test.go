package ladder

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
)

// TestWon: the challenger takes the defender's rung from 1, 2 and 3
// rungs below, those between moving down one; a defender's win, a draw
// or a withdrawal moves nothing (the caller does not call Won), nor does
// a challenger already above, or gone.
func TestWon(t *testing.T) {
	order := []int64{1, 2, 3, 4, 5}
	for _, tc := range []struct {
		name                 string
		challenger, defender int64
		want                 []int64
	}{
		{"one below", 3, 2, []int64{1, 3, 2, 4, 5}},
		{"two below", 4, 2, []int64{1, 4, 2, 3, 5}},
		{"three below, to the top", 4, 1, []int64{4, 1, 2, 3, 5}},
		{"from the bottom", 5, 2, []int64{1, 5, 2, 3, 4}},
		{"already above", 2, 4, []int64{1, 2, 3, 4, 5}},
		{"challenger gone", 9, 1, []int64{1, 2, 3, 4, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Won(order, tc.challenger, tc.defender))
			assert.Equal(t, []int64{1, 2, 3, 4, 5}, order, "the order read is left alone")
		})
	}
}

// TestWithout: a player who leaves, everyone below moving up.
func TestWithout(t *testing.T) {
	assert.Equal(t, []int64{1, 3, 4}, Without([]int64{1, 2, 3, 4}, 2))
	assert.Equal(t, []int64{2, 3}, Without([]int64{1, 2, 3}, 1))
	assert.Equal(t, []int64{1, 2}, Without([]int64{1, 2}, 7))
}

// TestMayChallenge: within reach above is allowed; below, too far, self
// and strangers are refused, as refusals.
func TestMayChallenge(t *testing.T) {
	order := []int64{1, 2, 3, 4, 5}
	for _, tc := range []struct {
		name                 string
		challenger, defender int64
		ok                   bool
	}{
		{"one above", 5, 4, true},
		{"three above, the reach", 5, 2, true},
		{"four above, past the reach", 5, 1, false},
		{"below", 2, 3, false},
		{"self", 3, 3, false},
		{"not on it", 9, 1, false},
		{"defender not on it", 3, 9, false},
	} {
		err := MayChallenge(order, 3, tc.challenger, tc.defender)
		if tc.ok {
			assert.NoError(t, err, tc.name)
			continue
		}
		assert.True(t, engine.IsRefusal(err), "%s: %v", tc.name, err)
	}
}
