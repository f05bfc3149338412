package amplitude

import (
	"bytes"

	"pbem/engine"
	"pbem/lang"
)

var _ engine.ExplainingBot = (*State)(nil)

// BotMoveWhy is BotMoveAt with the line of the move's mail that explains
// it (engine.PointsWhy): where the pose's score stands among the poses
// the computer found, or, when strong plays below its best, the reply its
// best pose would have left the opponent, averaged over racks as strong
// weighs it. Easy plays by feel and says nothing; nor does an exchange or
// a pass. The line never names the computer's rack: it is hidden from the
// other players, who read the mail.
func (s *State) BotMoveWhy(seat int, level engine.Level, seed uint64) (engine.Move, lang.Msg, error) {
	m, err := s.BotMoveAt(seat, level, seed)
	if err != nil || level == engine.LevelEasy {
		return m, lang.Msg{}, err
	}
	pose, ok := m.(Move)
	if !ok || pose.Kind != Pose {
		return m, lang.Msg{}, nil
	}
	poses := s.scoredPoses(seat)
	scores := make([]int, len(poses))
	chosen := 0
	for i, p := range poses {
		scores[i] = p.score
		if p.move.At == pose.At && p.move.Down == pose.Down && bytes.Equal(p.move.Line, pose.Line) {
			chosen = p.score
		}
	}
	// The best pose's reply drawn from the seed's first racks: the one
	// strong weighed it by, as it weighs its best first.
	var topReply func(int) float64
	if level == engine.LevelStrong {
		topReply = func(i int) float64 { return s.expectedReply(seat, poses[i].move, engine.NewRand(seed)) }
	}
	return m, engine.PointsWhy(scores, chosen, topReply), nil
}
