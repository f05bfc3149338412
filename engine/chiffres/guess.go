package chiffres

import "pbem/engine"

var _ engine.Guesser = (*State)(nil)

// Guess is a position seat might believe s to be: one of the worlds the
// strong level imagines (worlds), the other hands and the bank dealt
// afresh from the tokens seat cannot see, a likely one when r finds it.
func (s *State) Guess(seat int, r *engine.Rand) engine.State {
	return s.worlds(seat, r, 1)[0]
}
