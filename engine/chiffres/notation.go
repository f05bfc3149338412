package chiffres

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.Notator = Game{}

// frenchNotation are the French of the words Chiffres' notation writes, as
// ParseMove reads them.
var frenchNotation = engine.FrenchNotation(nil)

// NotationIn writes a move's notation with t's words: "passer".
func (Game) NotationIn(notation string, t lang.Tag) string {
	return frenchNotation.In(notation, t)
}
