package amplitude

import (
	"pbem/engine"
	"pbem/lang"
)

// The ends of a game, as State.end keeps them and as every stored state
// has stored them since the first: English sentences, which are also the
// formats of their messages (endingMsg), so that a state stored before
// pbem spoke French reads its end in French too.
const (
	endBagCannotRefill  = "the bag could not refill the rack"
	endNobodyCanPose    = "nobody can pose any more"
	endTwoIdleRounds    = "two full rounds went by without a pose"
	endOthersResigned   = "every other player resigned"
	endDrawnByAgreement = "drawn by agreement"
)

// endingMsg is the end a state stores as a message; an end that is none of
// the known ones (none is written today) is told as it is.
func endingMsg(end string) lang.Msg {
	switch end {
	case endBagCannotRefill:
		return lang.T(endBagCannotRefill)
	case endNobodyCanPose:
		return lang.T(endNobodyCanPose)
	case endTwoIdleRounds:
		return lang.T(endTwoIdleRounds)
	case endOthersResigned:
		return lang.T(endOthersResigned)
	case endDrawnByAgreement:
		return lang.T(endDrawnByAgreement)
	}
	return lang.Text(end)
}

// EndingFor says why the game ended in v's language, "" while it goes on:
// what engine.Ending tells the players.
func (s *State) EndingFor(v engine.View) string {
	if s.end == "" {
		return ""
	}
	return endingMsg(s.end).In(v.Lang)
}
