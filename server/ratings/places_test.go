package ratings

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
)

// placedState is a finished game as Places reads it: scores, winners and,
// when resigned is not nil, who resigned.
type placedState struct {
	engine.State
	scores, winners []int
	resigned        []bool
}

func (s placedState) Scores() []int  { return s.scores }
func (s placedState) Winners() []int { return s.winners }

// resigningState is a placedState that tells who resigned.
type resigningState struct{ placedState }

func (s resigningState) Resigned(seat int) bool { return s.resigned[seat] }

func TestPlaces(t *testing.T) {
	for _, c := range []struct {
		name string
		st   engine.State
		left []int
		want []int
	}{
		{"a win", placedState{scores: []int{3, 9}, winners: []int{1}}, nil, []int{2, 1}},
		{"a draw, whatever the scores", placedState{scores: []int{3, 9}}, nil, []int{1, 1}},
		{"winners, then by score", placedState{scores: []int{10, 30, 50, 30}, winners: []int{2}}, nil, []int{4, 2, 1, 2}},
		{"a shared win", placedState{scores: []int{50, 30, 50}, winners: []int{0, 2}}, nil, []int{1, 3, 1}},
		{
			"the resigned last, whatever their score, the later leaving better",
			resigningState{placedState{scores: []int{100, 5, 80, 60}, winners: []int{1}, resigned: []bool{true, false, true, false}}},
			[]int{2, 0}, []int{3, 1, 4, 2},
		},
		{
			"a seat left to a computer places as a resignation, even when the computer won it",
			resigningState{placedState{scores: []int{90, 40, 60}, winners: []int{0}, resigned: []bool{false, false, false}}},
			[]int{0}, []int{3, 2, 1},
		},
		{
			"a draw among those left",
			resigningState{placedState{scores: []int{1, 2, 90}, resigned: []bool{false, false, true}}},
			[]int{2}, []int{1, 1, 3},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Places(c.st, c.left))
		})
	}
}
