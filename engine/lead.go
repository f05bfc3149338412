package engine

import "slices"

// Lead is how far seat leads in a game scored by points: its score less
// the best score of the other seats still playing (resigned nil: all
// are); once the game is over (winners its winners), win more when seat
// won alone and win less when others won. A win worth more than any
// score makes a player measuring leads take a win above all: the
// computers' look ahead in Amplitude and Chiffres, the match tool's
// greedy and blocker.
func Lead(scores []int, resigned []bool, seat int, over bool, winners []int, win int) int {
	best, others := 0, false
	for s, v := range scores {
		if s != seat && (resigned == nil || !resigned[s]) && (!others || v > best) {
			best, others = v, true
		}
	}
	lead := 0
	if seat < len(scores) {
		lead = scores[seat] - best
	}
	if !over {
		return lead
	}
	switch {
	case len(winners) == 1 && winners[0] == seat:
		lead += win
	case len(winners) > 0 && !slices.Contains(winners, seat):
		lead -= win
	}
	return lead
}
