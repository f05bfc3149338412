package engine

// AsMove is a game's typed ParseMove result as the engine's Move, nil on
// an error: for Game.Parse, which must not return a typed zero move with
// its refusal.
func AsMove[M Move](m M, err error) (Move, error) {
	if err != nil {
		return nil, err
	}
	return m, nil
}

// AsState is a game's typed decoded state as the engine's State, nil on an
// error, for Game.Decode: a nil *State in a State interface is not nil.
func AsState[S State](s S, err error) (State, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}
