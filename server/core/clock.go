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
