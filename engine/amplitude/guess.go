package amplitude

import (
	"slices"

	"pbem/engine"
)

var _ engine.Guesser = (*State)(nil)

// Guess is a position seat might believe s to be: the other seats' racks
// and the bag dealt afresh with r from the tokens seat cannot see, each
// rack keeping its size, the bag its length.
func (s *State) Guess(seat int, r *engine.Rand) engine.State {
	var unseen []byte
	for o, rack := range s.racks {
		if o != seat {
			unseen = append(unseen, rack...)
		}
	}
	unseen = append(unseen, s.bag...)
	slices.Sort(unseen) // the guess depends on nothing seat cannot see but r
	r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	g := s.clone()
	for o, rack := range s.racks {
		if o != seat {
			g.racks[o] = slices.Sorted(slices.Values(unseen[:len(rack)]))
			unseen = unseen[len(rack):]
		}
	}
	g.bag, g.fixed = unseen, 0 // a guessed bag holds no tokens set by the bag option
	return g
}
