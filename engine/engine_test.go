package engine

import (
	"strings"
	"testing"

	"pbem/lang"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDrawOffer(t *testing.T) {
	resigned := []bool{false, false, true, false}
	var d DrawOffer
	assert.ErrorContains(t, d.Refusal(0, true, resigned), "no offer")

	d, events, drawn := d.Agree(3, resigned)
	assert.Equal(t, DrawOffer{3}, d)
	assert.Equal(t, []string{"Seat 4 offers a draw: the others may accept with draw or refuse with decline."}, lang.All(events, lang.English))
	assert.False(t, drawn)
	assert.ErrorContains(t, d.Refusal(3, false, resigned), "seat 1 and seat 2")

	kept, events := d.PlayOn(3)
	assert.Equal(t, d, kept, "the offering seat may play on")
	assert.Empty(t, events)

	d, events, drawn = d.Agree(0, resigned)
	assert.Equal(t, []string{"Seat 1 accepts the draw; still to answer: seat 2."}, lang.All(events, lang.English))
	assert.False(t, drawn)
	assert.Equal(t, []int{1}, d.Waiting(resigned), "a resigned seat is not asked")

	lapsed, events := d.PlayOn(1)
	assert.Nil(t, lapsed)
	assert.Equal(t, []string{"Seat 2 plays on: the offer of a draw lapses."}, lang.All(events, lang.English))

	assert.True(t, d.Without(1).Complete([]bool{false, true, true, false}), "a resignation can complete it")
	assert.Nil(t, DrawOffer{1}.Without(1))

	d, events, drawn = d.Agree(1, resigned)
	assert.True(t, drawn)
	assert.Equal(t, DrawnEvent, events[len(events)-1])

	declined, events := d.Decline(0)
	assert.Nil(t, declined)
	assert.Len(t, events, 1)
}

func TestRandIsSeededAndUniform(t *testing.T) {
	a, b := NewRand(7), NewRand(7)
	for range 100 {
		require.Equal(t, a.Uint64(), b.Uint64(), "the same seed, the same sequence")
	}
	var counts [6]int
	r := NewRand(1)
	for range 60000 {
		counts[r.IntN(6)]++
	}
	for i, c := range counts {
		assert.InDelta(t, 10000, c, 500, "face %d", i)
	}
	xs := []int{1, 2, 3, 4, 5}
	NewRand(3).Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	assert.ElementsMatch(t, []int{1, 2, 3, 4, 5}, xs)
}

func TestSquareAttempt(t *testing.T) {
	for text, want := range map[string]bool{
		"H8": true, "h8 rihgt 34251": true, "H8 right": true, "c1-c3": true, "F4=7": true, "c1c3": true,
		"H8right 34251": true, "F1 race was great": false, "A4 paper": false, "M25 was jammed": false,
		"B2B sales": false, "took me 2 hours": false, "": false,
	} {
		assert.Equal(t, want, SquareAttempt(text, "right", "down"), text)
	}
}

func TestA(t *testing.T) {
	for n, want := range map[int]string{0: "a 0", 1: "a 1", 7: "a 7", 8: "an 8", 10: "a 10", 11: "an 11", 18: "an 18", 80: "an 80",
		81: "an 81", 100: "a 100", 800: "an 800", 8000: "an 8000", 11000: "an 11000", 18500: "an 18500", 110000: "a 110000", -8: "a -8"} {
		assert.Equal(t, want, A(n).String(), n)
		assert.Equal(t, "un "+want[strings.Index(want, " ")+1:], A(n).In(lang.French), n)
	}
}
