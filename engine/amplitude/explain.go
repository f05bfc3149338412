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

// expectedReply is what the opponent's best reply takes from seat's lead
// after seat plays pose (bestReply), averaged over the racks strong draws
// with r (sampleDeals): the weight strong gives a pose's opening; 0 when
// the pose ends the game or the opponent is not next.
func (s *State) expectedReply(seat int, pose Move, r *engine.Rand) float64 {
	next, _, err := s.Apply(seat, pose)
	if err != nil {
		return 0
	}
	after := next.(*State)
	opp := s.nextSeat(seat)
	deals := s.sampleDeals(seat, opp, r, strongStages[len(strongStages)-1].racks)
	total := 0
	for _, d := range deals {
		total += after.replyGain(seat, opp, d.rack)
	}
	return float64(total) / float64(max(len(deals), 1))
}
