package amplitude

import (
	"slices"

	"pbem/engine"
)

// The strong level's look ahead: of its strongCandidates best poses by
// score, it plays the one whose score, less strongWeight times the
// opponent's best reply, is highest, the reply averaged over
// strongSamples racks the opponent might hold, drawn from the tokens the
// mover cannot see (the bag and the opponent's rack together): a pose
// that opens a rich line for the opponent is worth less than its points.
const (
	strongCandidates = 8
	strongSamples    = 4
	strongWeight     = 0.5
)

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

// strongMove is the strong level's choice for seat (engine.ReplyLook),
// seed drawing the opponent's sampled racks.
func (s *State) strongMove(seat int, seed uint64) (engine.Move, error) {
	if err := s.checkTurn(seat, Move{Kind: Pass}); err != nil {
		return nil, err
	}
	poses := s.scoredPoses(seat)
	if len(poses) == 0 {
		return s.BotMove(seat)
	}
	r := engine.NewRand(seed)
	reply := func(p scoredPose) float64 { return s.expectedReply(seat, p.move, r) }
	return engine.ReplyLook(poses, scoredPose.points, strongCandidates, reply, strongWeight).move, nil
}

// expectedReply is the opponent's best reply score after seat plays
// pose, averaged over racks drawn with r from the tokens seat cannot
// see; 0 when the pose ends the game or no opponent is to move.
func (s *State) expectedReply(seat int, pose Move, r *engine.Rand) float64 {
	next, _, err := s.Apply(seat, pose)
	if err != nil {
		return 0
	}
	after := next.(*State)
	opp := after.toMove
	if after.over || opp < 0 || opp == seat {
		return 0
	}
	unseen := append(slices.Clone(after.bag), after.racks[opp]...)
	size := len(after.racks[opp])
	total := 0
	for range strongSamples {
		r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
		hyp := after.clone()
		hyp.racks[opp] = slices.Sorted(slices.Values(unseen[:size]))
		bestReply := 0
		hyp.eachPose(opp, func(_ square, _ bool, _ []byte, score int) bool {
			bestReply = max(bestReply, score)
			return true
		})
		total += bestReply
	}
	return float64(total) / strongSamples
}
