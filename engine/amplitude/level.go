package amplitude

import (
	"math"

	"pbem/engine"
)

// easyTemperature is how far below its best an easy computer still
// plays, in the logarithm of points (engine.Choose over log points): at
// 1/3 a pose is chosen with chances that go with the cube of its points,
// so that one half as rich as another is eight times less likely. Points
// in Amplitude run from a few to thousands, and a temperature in points
// would be greedy with the rich poses and blind to the poor. Over 100
// games against greedy (seed 1): 0.30 at 1/3, 0.20 at 1/2, 0.05 at 1 (a
// chance in proportion to the points); 0.48 and 0.53 at 16 and 40 points.
const easyTemperature = 1.0 / 3

// logPoints is a pose's value to easy: the logarithm of its points.
func (p scoredPose) logPoints() float64 { return math.Log(float64(p.score)) }

var _ engine.LeveledBot = (*State)(nil)

// BotMoveAt is the computer player's move at level. Normal plays BotMove,
// the highest-scoring pose. Strong weighs its best poses against the
// opponent's best reply over racks it might hold (strongMove). Easy sees every
// pose and picks one by its points with engine.Choose, so that it often
// plays a lesser pose than its best, as a beginner does who finds a pose
// and not the richest; with no pose it exchanges or passes as BotMove does.
func (s *State) BotMoveAt(seat int, level engine.Level, seed uint64) (engine.Move, error) {
	switch level {
	case engine.LevelStrong:
		return s.strongMove(seat, seed)
	case engine.LevelEasy:
	default:
		return s.BotMove(seat)
	}
	if err := s.checkTurn(seat, Move{Kind: Pass}); err != nil {
		return nil, err
	}
	poses := s.scoredPoses(seat)
	if len(poses) == 0 {
		return s.BotMove(seat)
	}
	return engine.Choose(engine.NewRand(seed), poses, scoredPose.logPoints, easyTemperature).move, nil
}
