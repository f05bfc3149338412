package chiffres

import "pbem/engine"

// BotMove is the computer player's move: the highest-scoring placement. On
// a tie it lays the token worth the fewest points (1, 2 … 9, then 0, which
// counts 10), keeping the valuable digits for the longer runs to come; on a
// further tie, the first square in reading order (A1, B1 … I1, A2 …). The
// choice depends on the position alone, so a game of bots replays exactly.
// It never offers nor accepts a draw: facing an offer it plays on, which
// refuses it.
func (s *State) BotMove(seat int) (engine.Move, error) {
	if err := s.ownTurn(seat); err != nil {
		return nil, err
	}
	best, ok := s.bestPlacement(seat, nil)
	if !ok {
		return Move{Kind: Pass}, nil
	}
	return best.Move, nil
}

// bestPlacement is the computer player's pick among seat's placements, with
// buf as Generate's scratch memory.
func (s *State) bestPlacement(seat int, buf []ScoredMove) (ScoredMove, bool) {
	moves := s.Generate(seat, buf)
	if len(moves) == 0 {
		return ScoredMove{}, false
	}
	best := moves[0]
	for _, m := range moves[1:] {
		if m.Score > best.Score || m.Score == best.Score && points(m.Move.Digit) < points(best.Move.Digit) {
			best = m
		}
	}
	return best, true
}

// ownTurn refuses a computer's move for seat when seat may not act or it
// is not seat's turn.
func (s *State) ownTurn(seat int) error {
	if err := s.check(seat, Move{Kind: Resign}); err != nil {
		return err
	}
	if seat != s.toMove {
		return engine.NotYourTurn()
	}
	return nil
}

func (m ScoredMove) points() int    { return m.Score }
func (m ScoredMove) value() float64 { return float64(m.Score) }
