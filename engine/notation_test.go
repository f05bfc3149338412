package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/lang"
)

// A notation written in French reads back as the same move, and English
// stays as stored.
func TestNotationInFrenchParsesBack(t *testing.T) {
	for _, c := range []struct {
		game     engine.Game
		notation string
		french   string
	}{
		{amplitude.Game{}, "H8 right 34251", "H8 droite 34251"},
		{amplitude.Game{}, "J3 down 236874 2=(3/6)×((8-7)×4)", "J3 bas 236874 2=(3/6)×((8-7)×4)"},
		{amplitude.Game{}, "exchange 3 5", "échanger 3 5"},
		{amplitude.Game{}, "pass", "passer"},
		{amplitude.Game{}, "resign", "abandonner"},
		{chiffres.Game{}, "7 F4", "7 F4"},
		{chiffres.Game{}, "draw", "nulle"},
		{chiffres.Game{}, "decline", "refuser"},
		{ludicitude.Game{}, "drop a7", "parachuter a7"},
		{ludicitude.Game{}, "c1-c3 +b1", "c1-c3 +b1"},
		{ludicitude.Game{}, "resign", "abandonner"},
		{amplitude.Game{}, "timeout", "hors-délai"},
		{chiffres.Game{}, "timeout forfeit", "hors-délai forfait"},
		{ludicitude.Game{}, "timeout forfeit", "hors-délai forfait"},
	} {
		got := engine.NotationIn(c.game, c.notation, lang.French)
		assert.Equal(t, c.french, got, c.notation)
		assert.Equal(t, c.notation, engine.NotationIn(c.game, c.notation, lang.English))
		en, err := c.game.Parse(c.notation)
		require.NoError(t, err, c.notation)
		fr, err := c.game.Parse(got)
		require.NoError(t, err, got)
		assert.Equal(t, en.String(), fr.String(), "%q reads back as %q", got, c.notation)
	}
}
