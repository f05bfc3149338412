package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLead(t *testing.T) {
	for _, c := range []struct {
		name     string
		scores   []int
		resigned []bool
		seat     int
		over     bool
		winners  []int
		want     int
	}{
		{"ahead", []int{30, 20}, nil, 0, false, nil, 10},
		{"behind", []int{30, 20}, nil, 1, false, nil, -10},
		{"the best other of three", []int{30, 20, 35}, nil, 0, false, nil, -5},
		{"a resigned seat counts no more", []int{30, 20, 35}, []bool{false, false, true}, 0, false, nil, 10},
		{"won alone", []int{30, 20}, nil, 0, true, []int{0}, 10 + 1000},
		{"lost", []int{30, 20}, nil, 1, true, []int{0}, -10 - 1000},
		{"a shared win", []int{30, 30}, nil, 1, true, []int{0, 1}, 0},
		{"no winner (drawn by agreement)", []int{30, 20}, nil, 1, true, nil, -10},
	} {
		assert.Equal(t, c.want, Lead(c.scores, c.resigned, c.seat, c.over, c.winners, 1000), c.name)
	}
}
