package amplitude

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.Notator = Game{}

// frenchNotation are the French of the words Amplitude's notation writes,
// as ParseMove reads them.
var frenchNotation = engine.FrenchNotation(map[string]string{
	"right": "droite", "down": "bas", "exchange": "échanger", "token": "jeton", "tokens": "jetons",
})

// NotationIn writes a move's notation with t's words: "H8 droite 34251".
func (Game) NotationIn(notation string, t lang.Tag) string {
	return frenchNotation.In(notation, t)
}
