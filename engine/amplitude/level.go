package amplitude

import "pbem/engine"

// easyTemperature is how far below its best an easy computer still
// plays: a pose this many points under the best is e times less likely,
// one three times that almost never played (engine.Choose).
const easyTemperature = 8

var _ engine.LeveledBot = (*State)(nil)

// BotMoveAt is the computer player's move at level. Normal plays BotMove,
// the highest-scoring pose. Strong weighs its best poses against the
// opponent's best reply over racks it might hold (strongMove). Easy sees every
// pose and picks one by its score with engine.Choose, so that it often
// plays a lesser pose than its best, as a beginner does; with no pose it
// exchanges or passes as BotMove does.
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
	return engine.Choose(engine.NewRand(seed), poses, scoredPose.value, easyTemperature).move, nil
}
