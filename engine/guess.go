package engine

// Guesser is a State that hides tokens from its players: a rack, a hand, a
// bag. A player who looks ahead cannot look at the position as it is, only
// at positions it might be: Guess is one, as seat sees the game, every
// token seat cannot see dealt afresh with r among those who hide them, each
// keeping its count. What seat sees stays as it is; a game that hides
// nothing from seat at this point returns the position itself.
type Guesser interface {
	Guess(seat int, r *Rand) State
}

// Guess is a position seat might believe st to be (Guesser), st itself
// when st hides nothing.
func Guess(st State, seat int, r *Rand) State {
	if g, ok := st.(Guesser); ok {
		return g.Guess(seat, r)
	}
	return st
}
