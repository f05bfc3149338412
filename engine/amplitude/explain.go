package amplitude

import (
	"bytes"

	"pbem/engine"
	"pbem/lang"
)

var _ engine.ExplainingBot = (*State)(nil)

// BotMoveWhy is BotMoveAt with the line of the move's mail that explains
// it (engine.PointsMoveWhy): where the pose's score stands among the
// poses the computer found, or, when strong plays below its best, the
// reply its best pose would have left the opponent, averaged over the
// racks strong drew first for it. Easy plays by feel and says nothing;
// nor does an exchange or a pass. The line never names the computer's
// rack: it is hidden from the other players, who read the mail.
func (s *State) BotMoveWhy(seat int, level engine.Level, seed uint64) (engine.Move, lang.Msg, error) {
	m, err := s.BotMoveAt(seat, level, seed)
	pose, ok := m.(Move)
	played := func(p scoredPose) bool {
		return ok && pose.Kind == Pose && p.move.At == pose.At && p.move.Down == pose.Down && bytes.Equal(p.move.Line, pose.Line)
	}
	poses := func() []scoredPose { return s.scoredPoses(seat) }
	reply := func(p scoredPose) float64 { return s.expectedReply(seat, p.move, engine.NewRand(seed)) }
	return engine.PointsMoveWhy(m, err, level, poses, scoredPose.points, played, reply)
}
