package core

import (
	"time"

	"pbem/engine"
	"pbem/store"
)

// LastDay is how long before the end of a player's time the second
// reminder goes.
const LastDay = 24 * time.Hour

// TurnClock is the clock of a new turn in a game with settings set, the
// state st, started at now: the player to move has set.Clock; none when
// the game has no clock, is over, or a computer is to move. A player on
// vacation until away has their clock stopped at once, with all their
// time left, until then.
func TurnClock(set Settings, g store.Game, st engine.State, now, away time.Time) store.Clock {
	seat := st.ToMove()
	if set.Clock == 0 || st.Over() || seat < 0 || g.Seats[seat].Bot != "" {
		return store.Clock{}
	}
	if away.After(now) {
		return store.Clock{TurnStarted: now, Left: set.Clock, NextDue: away}
	}
	c := store.Clock{TurnStarted: now, Deadline: now.Add(set.Clock)}
	c.NextDue = NextDue(set, c)
	return c
}

// NextDue is when something is next due for clock c: the half-time
// reminder, the last day's (only when it comes after half time: with a
// short clock, one reminder is enough), the timeout; zero once the time
// ran out with nothing more to do.
func NextDue(set Settings, c store.Clock) time.Time {
	if c.Deadline.IsZero() {
		return c.NextDue // paused: due when the vacation ends
	}
	half := c.TurnStarted.Add(c.Deadline.Sub(c.TurnStarted) / 2)
	last := c.Deadline.Add(-LastDay)
	switch {
	case c.Reminded < 1:
		return half
	case c.Reminded < 2 && last.After(half):
		return last
	case c.Reminded < 3:
		return c.Deadline
	}
	return time.Time{}
}

// AwaitingDelivery is clock c of a new turn (TurnClock) held until the
// relay accepts the turn mail of the player to move (store.OutMail.Starts):
// it keeps all its time, and the clock loop starts it at the later of its
// start and that acceptance (clock.Clocks.CatchUp). A vacation under way
// still ends when it does (NextDue). No clock, none.
func AwaitingDelivery(c store.Clock) store.Clock {
	if !c.Running() {
		return c
	}
	if c.Left == 0 {
		c.Left = c.Deadline.Sub(c.TurnStarted)
		c.NextDue = time.Time{} // the acceptance makes it due (store.Store.MarkSent)
	}
	c.Deadline, c.Held = time.Time{}, store.HeldDelivery
	return c
}

// ShownDeadline is when the time of clock c runs out as a mail composed
// at now tells it: its deadline while it runs; while it waits for its
// turn mail to leave, the earliest it can be, its time from now or from
// its start if later (the turn mail itself tells its start's, a few
// seconds early); zero while it is stopped or without a clock.
func ShownDeadline(c store.Clock, now time.Time) time.Time {
	if !c.Waiting() {
		return c.Deadline
	}
	from := c.TurnStarted
	if now.After(from) {
		from = now
	}
	return from.Add(c.Left)
}
