package ludicitude

import "pbem/engine"

// The levels' budgets and choices. Easy searches a small share of the
// game's bot_nodes and keeps every root move within easyMargin of its
// best, choosing among them by score (engine.Choose at easyTemperature,
// in the evaluation's units: a cube is worth 100): it sees captures in
// one or two moves and misses deeper plans. Strong searches
// strongFactor times the budget.
const (
	easyShare       = 25
	easyMargin      = 150
	easyTemperature = 40
	strongFactor    = 4
)

var _ engine.LeveledBot = (*State)(nil)

// BotMoveAt is the computer player's choice at level: normal is
// BotMoveSeeded within the game's bot_nodes, strong the same with
// strongFactor times the budget, easy a shallow search and a choice among
// its near-best moves weighed by their scores. A draw offer is answered
// as BotMove answers it.
func (s *State) BotMoveAt(seat int, level engine.Level, seed uint64) (engine.Move, error) {
	switch level {
	case engine.LevelStrong:
		strong := *s
		strong.opts.botNodes *= strongFactor
		return strong.BotMoveSeeded(seat, seed)
	case engine.LevelEasy:
	default:
		return s.BotMoveSeeded(seat, seed)
	}
	r, err := s.Search(seat, Limits{Nodes: int64(max(s.opts.botNodes/easyShare, 1)), Margin: easyMargin})
	if err != nil {
		return nil, err
	}
	if s.offer == seat^1 && r.Score < acceptDrawBelow {
		return Move{Kind: Draw}, nil
	}
	if len(r.Near) <= 1 {
		return r.Move, nil
	}
	score := func(m ScoredMove) float64 { return float64(m.Score) }
	return engine.Choose(engine.NewRand(seed), r.Near, score, easyTemperature).Move, nil
}
