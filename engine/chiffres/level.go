package chiffres

import "pbem/engine"

// easyTemperature is how far below its best an easy computer still
// plays: a placement this many points under the best is e times less
// likely (engine.Choose).
const easyTemperature = 3

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
	if err := s.check(seat, Move{Kind: Resign}); err != nil {
		return nil, err
	}
	if seat != s.toMove {
		return nil, engine.NotYourTurn()
	}
	moves := s.Generate(seat, nil)
	if len(moves) == 0 {
		return Move{Kind: Pass}, nil
	}
	values := make([]float64, len(moves))
	for i, m := range moves {
		values[i] = float64(m.Score)
	}
	return moves[engine.Choose(engine.NewRand(seed), values, easyTemperature)].Move, nil
}
