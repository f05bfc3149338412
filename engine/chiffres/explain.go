package chiffres

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.ExplainingBot = (*State)(nil)

// BotMoveWhy is BotMoveAt with the line of the move's mail that explains
// it (engine.PointsWhy), as Amplitude's: where the placement's score
// stands among the placements the computer could make, or, when strong
// plays below its best, the reply its best would have left the opponent,
// averaged over hands as strong weighs it. Easy plays by feel and says
// nothing; nor does a pass. The line never names the computer's hand,
// hidden from the players who read the mail.
func (s *State) BotMoveWhy(seat int, level engine.Level, seed uint64) (engine.Move, lang.Msg, error) {
	m, err := s.BotMoveAt(seat, level, seed)
	if err != nil || level == engine.LevelEasy {
		return m, lang.Msg{}, err
	}
	place, ok := m.(Move)
	if !ok || place.Kind != Place {
		return m, lang.Msg{}, nil
	}
	moves := s.Generate(seat, nil)
	scores := make([]int, len(moves))
	chosen := 0
	for i, c := range moves {
		scores[i] = c.Score
		if c.Move.Digit == place.Digit && c.Move.At == place.At {
			chosen = c.Score
		}
	}
	var topReply func(int) float64
	if level == engine.LevelStrong {
		// The seed's first hands, which strong weighs its best by.
		topReply = func(i int) float64 { return s.expectedReply(seat, moves[i].Move, engine.NewRand(seed)) }
	}
	return m, engine.PointsWhy(scores, chosen, topReply), nil
}
