package ladder

import (
	"slices"

	"pbem/engine"
)

// Won is the ladder order (player IDs, the top first) after challenger
// beat defender, or won by forfeit: the challenger takes the defender's
// rung, and the defender and everyone between move down one. Nothing
// moves when the challenger is already above the defender, or either is
// no longer on the ladder.
func Won(order []int64, challenger, defender int64) []int64 {
	c, d := slices.Index(order, challenger), slices.Index(order, defender)
	out := slices.Clone(order)
	if c < 0 || d < 0 || c < d {
		return out
	}
	copy(out[d+1:c+1], order[d:c])
	out[d] = challenger
	return out
}

// Without is order without player: everyone below moves up one.
func Without(order []int64, player int64) []int64 {
	return slices.DeleteFunc(slices.Clone(order), func(p int64) bool { return p == player })
}

// MayChallenge is nil when challenger, on the ladder order, may challenge
// defender within reach rungs above them; else the refusal saying why.
func MayChallenge(order []int64, reach int, challenger, defender int64) error {
	c, d := slices.Index(order, challenger), slices.Index(order, defender)
	switch {
	case c < 0:
		return engine.Refuse("you are not on this ladder: write ladder join GAME first")
	case d < 0:
		return engine.Refuse("the player you challenge is not on this ladder")
	case c == d:
		return engine.Refuse("you cannot challenge yourself")
	case d > c:
		return engine.Refuse("a challenge goes up the ladder, never down: you are on rung %d, they are on rung %d", c+1, d+1)
	case c-d > reach:
		return engine.Refuse("you may challenge up to %d rungs above you: you are on rung %d, they are on rung %d", reach, c+1, d+1)
	}
	return nil
}
