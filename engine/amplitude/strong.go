package amplitude

import (
	"slices"

	"pbem/engine"
)

// The strong level's look ahead. Of its strongCandidates best poses by
// score (equal scores in the order found), it plays the one that leaves
// it furthest ahead: its lead after the pose, less strongWeight times
// what the next seat's best reply takes from it, averaged over racks
// that seat might hold, drawn from the tokens the mover cannot see (the
// bag and that rack together), the same racks for every candidate. A
// pose or a reply that ends the game (the bag cannot refill the rack)
// counts as the win or the loss it makes: the strong level ends a game
// it leads, and fears the end an opponent behind could make. It draws up
// to strongSamples racks, and stops once the replies it has looked at
// hold strongWork poses: a cap by work, not by clock, for the crowded
// boards where each look costs most.
//
// Tuned against greedy over 100 games (seed 1; docs/amplitude.md): 16
// candidates at weight 1 beat it 59 times, 8 at weight 0.5 57 times.
// Taking as candidates, among equal scores, the poses that leave least
// room across their new tokens and keep the better rack (a tie-break
// tried for normal, commit feb1b95) lost ground (44 and 48 of 100), and
// so did a leave term (no digit twice, low and high balanced: 44 of
// 100): what a pose opens is the look ahead's to weigh.
const (
	strongCandidates = 16
	strongSamples    = 4
	strongWeight     = 1.0
	strongWork       = 15_000
)

// winLead is what ending the game ahead adds to a lead: more than any
// score.
const winLead = 1 << 20

// scoredPose is a pose with its score.
type scoredPose struct {
	move  Move
	score int
}

func (p scoredPose) points() int    { return p.score }
func (p scoredPose) value() float64 { return float64(p.score) }

// scoredPoses are seat's poses that score, with their scores, in the
// order eachPose finds them.
func (s *State) scoredPoses(seat int) []scoredPose {
	var poses []scoredPose
	s.eachPose(seat, func(q square, down bool, line []byte, score int) bool {
		if score > 0 {
			poses = append(poses, scoredPose{Move{Kind: Pose, At: q, Down: down, Line: slices.Clone(line)}, score})
		}
		return true
	})
	return poses
}

// strongMove is the strong level's choice for seat, seed drawing the
// opponent's sampled racks.
func (s *State) strongMove(seat int, seed uint64) (engine.Move, error) {
	if err := s.checkTurn(seat, Move{Kind: Pass}); err != nil {
		return nil, err
	}
	poses := s.scoredPoses(seat)
	if len(poses) == 0 {
		return s.BotMove(seat)
	}
	cands := slices.Clone(poses)
	slices.SortStableFunc(cands, func(a, b scoredPose) int { return b.score - a.score })
	cands = cands[:min(len(cands), strongCandidates)]
	if len(cands) == 1 {
		return cands[0].move, nil
	}
	opp := s.nextSeat(seat)
	racks := s.sampleRacks(seat, opp, engine.NewRand(seed), strongSamples)
	afters := make([]*State, len(cands))
	value := make([]float64, len(cands))
	for i, c := range cands {
		next, _, err := s.Apply(seat, c.move)
		if err != nil {
			return nil, err
		}
		afters[i] = next.(*State)
		value[i] = float64(afters[i].leadOf(seat))
	}
	work := 0
	for _, rack := range racks {
		for i, after := range afters {
			if after.over || after.toMove != opp {
				continue
			}
			hyp := *after
			hyp.racks = slices.Clone(after.racks)
			hyp.racks[opp] = rack
			gain, n := hyp.bestGain(opp, seat)
			value[i] -= strongWeight * float64(gain) / float64(len(racks))
			work += n
		}
		if work >= strongWork {
			break // enough work: the racks seen weigh for all
		}
	}
	best := 0
	for i := range cands {
		if value[i] > value[best] {
			best = i
		}
	}
	return cands[best].move, nil
}

// sampleRacks are n racks opp might hold as seat sees the game: drawn
// with r from the tokens seat cannot see, opp's rack and the bag
// together, each the size of opp's; opp's own rack alone when the bag is
// empty.
func (s *State) sampleRacks(seat, opp int, r *engine.Rand, n int) [][]byte {
	if opp == seat {
		return nil
	}
	if len(s.bag) == 0 {
		return [][]byte{slices.Clone(s.racks[opp])}
	}
	unseen := append(slices.Clone(s.bag), s.racks[opp]...)
	size := len(s.racks[opp])
	out := make([][]byte, n)
	for k := range out {
		r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
		out[k] = slices.Sorted(slices.Values(unseen[:size]))
	}
	return out
}

// bestGain is what opp's best pose takes from seat's lead: its points,
// or, when it ends the game (the bag cannot refill opp's rack), the lead
// it leaves seat turned into a win or a loss; 0 without a pose. poses
// counts the poses seen, the work done.
func (s *State) bestGain(opp, seat int) (gain, poses int) {
	lead := s.leadOf(seat)
	best := 0
	s.eachPose(opp, func(q square, down bool, line []byte, score int) bool {
		poses++
		gain := score
		if s.newTokens(q, down, len(line)) > len(s.bag) {
			after := lead - score
			switch {
			case after < 0:
				after -= winLead
			case after > 0:
				after += winLead
			}
			gain = lead - after
		}
		best = max(best, gain)
		return true
	})
	return best, poses
}

// newTokens counts the empty squares of the line of n squares from q:
// the tokens a pose there places.
func (s *State) newTokens(q square, down bool, n int) int {
	k := 0
	for i := range n {
		if s.board[q.step(down, i)] == 0 {
			k++
		}
	}
	return k
}

// leadOf is seat's lead (engine.Lead), a win worth winLead.
func (s *State) leadOf(seat int) int {
	var winners []int
	if s.over {
		winners = s.Winners()
	}
	return engine.Lead(s.scores, s.resigned, seat, s.over, winners, winLead)
}
