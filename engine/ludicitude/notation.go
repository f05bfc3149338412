package ludicitude

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.Notator = Game{}

// frenchNotation are the French of the words Ludicitude's notation writes,
// as ParseMove reads them.
var frenchNotation = engine.FrenchNotation(map[string]string{"drop": "parachuter"})

// NotationIn writes a move's notation with t's words: "parachuter a7".
func (Game) NotationIn(notation string, t lang.Tag) string {
	return frenchNotation.In(notation, t)
}
