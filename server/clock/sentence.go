package clock

import (
	"context"
	"time"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// AwayUntil is the end of the vacation of the player at seat of g under
// way at now, zero when there is none.
func (cl Clocks) AwayUntil(ctx context.Context, g store.Game, seat int, now time.Time) (time.Time, error) {
	if seat < 0 || g.Seats[seat].PlayerID == 0 {
		return time.Time{}, nil
	}
	v, ok, err := cl.Store.OnVacation(ctx, g.Seats[seat].PlayerID, now)
	if err != nil || !ok {
		return time.Time{}, err
	}
	return v.End, nil
}

// Sentence tells the players of a game with settings set and seats
// seats how long they have for a move and what happens after; "" without
// a clock.
func Sentence(set core.Settings, seats int) lang.Msg {
	if set.Clock == 0 {
		return lang.Msg{}
	}
	then := lang.T("then the turn passes")
	switch {
	case set.Timeout == core.TimeoutForfeit && seats > 2:
		then = lang.T("then the late player leaves the game, and the others play on")
	case set.Timeout == core.TimeoutForfeit:
		then = lang.T("then the late player forfeits the game")
	case set.Timeout == core.TimeoutNone:
		then = lang.T("the game then waits, with no more reminders")
	}
	return lang.T("Each player has %s for a move, reminded at half time and on the last day; %s.", Span(set.Clock), then)
}
