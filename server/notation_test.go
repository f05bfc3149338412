package server

import (
	"pbem/server/core"

	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// TestNotationFor: a refusal shows the part of the notation guide about
// the kind of move refused, the whole guide when no part matches.
func TestNotationFor(t *testing.T) {
	for _, c := range []struct {
		game        engine.Game
		written     string
		has, hasNot []string
	}{
		{amplitude.Game{}, "#3 H8 rigth 34251", []string{"H8 right 3+4-5=2", "H8 down 34251", "crossed tokens included"}, []string{"exchange", "resign"}},
		{amplitude.Game{}, "exchange 3 x", []string{"exchange 3 5"}, []string{"H8 right", "pass"}},
		{chiffres.Game{}, "7 Z9", []string{"7 F4"}, []string{"draw"}},
		{ludicitude.Game{}, "c1-c9", []string{"c1-c3\t", "promoting b1"}, []string{"drop a7", "resign"}},
		{ludicitude.Game{}, "drop z9", []string{"drop a7"}, []string{"c1-c3"}},
		{ludicitude.Game{}, "jump c1", []string{"c1-c3", "drop a7", "resign"}, nil},
	} {
		got := notationFor(core.Notation(c.game, lang.English), c.written)
		for _, w := range c.has {
			assert.Contains(t, got, w, c.written)
		}
		for _, w := range c.hasNot {
			assert.NotContains(t, got, w, c.written)
		}
	}
}
