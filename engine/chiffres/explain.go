package chiffres

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.ExplainingBot = (*State)(nil)

// BotMoveWhy is BotMoveAt with the line of the move's mail that explains
// it (engine.PointsMoveWhy), as Amplitude's: where the placement's score
// stands among the placements the computer could make. Strong playing
// below its best says nothing: it chose by four plies searched in worlds
// of its own dealing, which no one line tells. Easy plays by feel and
// says nothing; nor does a pass. The line never names the computer's
// hand, hidden from the players who read the mail.
func (s *State) BotMoveWhy(seat int, level engine.Level, seed uint64) (engine.Move, lang.Msg, error) {
	m, err := s.BotMoveAt(seat, level, seed)
	place, ok := m.(Move)
	played := func(c ScoredMove) bool {
		return ok && place.Kind == Place && c.Move.Digit == place.Digit && c.Move.At == place.At
	}
	placements := func() []ScoredMove { return s.Generate(seat, nil) }
	return engine.PointsMoveWhy(m, err, level, placements, ScoredMove.points, played, nil)
}
