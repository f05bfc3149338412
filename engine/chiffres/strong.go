package chiffres

import (
	"pbem/engine"
)

// The strong level's look ahead, as Amplitude's: of its strongCandidates
// best placements by score, it plays the one whose score, less
// strongWeight times the opponent's best reply, is highest, the reply
// averaged over strongSamples hands the opponent might hold, drawn from
// the tokens the mover cannot see (the bank and the opponent's hand).
const (
	strongCandidates = 8
	strongSamples    = 8
	strongWeight     = 0.5
)

// strongMove is the strong level's choice for seat (engine.ReplyLook),
// seed drawing the opponent's sampled hands.
func (s *State) strongMove(seat int, seed uint64) (engine.Move, error) {
	if err := s.ownTurn(seat); err != nil {
		return nil, err
	}
	moves := s.Generate(seat, nil)
	if len(moves) == 0 {
		return Move{Kind: Pass}, nil
	}
	r := engine.NewRand(seed)
	reply := func(m ScoredMove) float64 { return s.expectedReply(seat, m.Move, r) }
	return engine.ReplyLook(moves, ScoredMove.points, strongCandidates, reply, strongWeight).Move, nil
}

// expectedReply is the next seat's best reply score after seat plays m,
// averaged over hands drawn with r from the tokens seat cannot see; 0
// when the game ends or seat plays again.
func (s *State) expectedReply(seat int, m Move, r *engine.Rand) float64 {
	next, _, err := s.Apply(seat, m)
	if err != nil {
		return 0
	}
	after := next.(*State)
	opp := after.toMove
	if after.over || opp < 0 || opp == seat {
		return 0
	}
	var unseen []byte
	for d, n := range after.hands[opp] {
		for range n {
			unseen = append(unseen, byte('0'+d))
		}
	}
	size := len(unseen)
	unseen = append(unseen, after.bank...)
	total := 0
	var buf []ScoredMove
	for range strongSamples {
		r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
		hyp := after.clone()
		var h hand
		for _, c := range unseen[:size] {
			h[c-'0']++
		}
		hyp.hands[opp] = h
		best := 0
		buf = hyp.Generate(opp, buf[:0])
		for _, reply := range buf {
			best = max(best, reply.Score)
		}
		total += best
	}
	return float64(total) / strongSamples
}
