package chiffres

import "pbem/engine"

// easyTemperature is how far below its best an easy computer still
// plays: a placement this many points under the best is e times less
// likely (engine.Choose). At 5 it loses to greedy 120 of 200 games and
// still beats a random player in all (3 lost only 113: too close to an
// even game for a beginner's opponent).
const easyTemperature = 5

var _ engine.LeveledBot = (*State)(nil)

// BotMoveAt is the computer player's move at level. Normal plays BotMove,
// the highest-scoring placement. Strong weighs its best placements against
// the opponent's best reply over hands it might hold (strongMove). Easy picks among
// every placement by its score with engine.Choose, often a lesser one, as
// a beginner does; with none it passes.
func (s *State) BotMoveAt(seat int, level engine.Level, seed uint64) (engine.Move, error) {
	switch level {
	case engine.LevelStrong:
		return s.strongMove(seat, seed)
	case engine.LevelEasy:
	default:
		return s.BotMove(seat)
	}
	if err := s.ownTurn(seat); err != nil {
		return nil, err
	}
	moves := s.Generate(seat, nil)
	if len(moves) == 0 {
		return Move{Kind: Pass}, nil
	}
	return engine.Choose(engine.NewRand(seed), moves, ScoredMove.value, easyTemperature).Move, nil
}
