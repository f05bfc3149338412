package engine

import "pbem/lang"

// The refusals and events of whose turn it is are the same in every game
// seated in turn: the helpers here say them once, in every language.

// SeatRefusal says why seat may not act at all in a game of
// len(resigned) seats: there is no such seat, the game is over, or the
// seat has resigned; nil when it may act (in turn or not: the game checks
// the turn, with NotYourTurn).
func SeatRefusal(seat int, over bool, resigned []bool) error {
	switch {
	case seat < 0 || seat >= len(resigned):
		return Refuse("there is no seat %d in this game", seat+1)
	case over:
		return Refuse("the game is over")
	case resigned[seat]:
		return Refuse("you have resigned from this game")
	}
	return nil
}

// NotYourTurn refuses a move in turn from a seat not to move.
func NotYourTurn() error { return Refuse("it is not your turn") }

// TimedOut is the event of the move the server plays for seat when it ran
// out of time: the turn passes, or, with forfeit, the seat leaves.
func TimedOut(seat int, forfeit bool) lang.Msg {
	if forfeit {
		return lang.T("%s ran out of time and forfeits.", Capital(SeatName(seat)))
	}
	return lang.T("%s ran out of time: the turn passes.", Capital(SeatName(seat)))
}

// GameOver is the event of a move that ended the game, why saying how.
func GameOver(why lang.Msg) lang.Msg { return lang.T("Game over: %s.", why) }

// OverLine is what a finished game's board says under it, why saying how.
func OverLine(why lang.Msg) lang.Msg { return lang.T("The game is over: %s.", why) }
