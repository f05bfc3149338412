package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// An engine's "seat N" reads as the player's name; a seat the game does
// not have, or one without a name, stays as it is.
func TestWithNames(t *testing.T) {
	names := []string{"Ann", "", "Cy"}
	for in, want := range map[string]string{
		"Seat 1 cannot place a token":  "Ann cannot place a token",
		"seat 3 passes; seat 1 plays":  "Cy passes; Ann plays",
		"seat 2 has no name":           "seat 2 has no name",
		"seat 4 is no seat here":       "seat 4 is no seat here",
		"a seats 1 word is not a seat": "a seats 1 word is not a seat",
	} {
		assert.Equal(t, want, WithNames(in, names), in)
	}
	assert.Equal(t, []string{"Ann", "Cy"}, AllWithNames([]string{"seat 1", "Seat 3"}, names))
}
