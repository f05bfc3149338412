package amplitude

// Resigned reports whether seat has left the game, by resigning or by
// forfeiting on time: the server places such a seat below every seat that
// played to the end when it rates a finished game.
func (s *State) Resigned(seat int) bool { return s.resigned[seat] }
